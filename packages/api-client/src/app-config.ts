/** What `/app-config.json` holds: the gateway writes it beside the shell, no service defines it. */
export interface AppConfig {
  apiBaseUrl: string;
  remotes: Record<string, string>;
  razorpayCheckoutUrl?: string;
}

export const DEFAULT_APP_CONFIG: AppConfig = {
  apiBaseUrl: '/',
  remotes: {
    catalog: '/mf/catalog/mf-manifest.json',
    learner: '/mf/learner/mf-manifest.json',
    tutor: '/mf/tutor/mf-manifest.json',
    admin: '/mf/admin/mf-manifest.json',
  },
};

let pending: Promise<AppConfig> | null = null;

/**
 * The run-time configuration served beside the shell. Fetched once per page; when it cannot be
 * read the local-mode defaults are used so the shell still starts.
 */
export function loadAppConfig(url = '/app-config.json'): Promise<AppConfig> {
  pending ??= (async () => {
    try {
      const res = await fetch(url, { headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(`app config answered ${res.status}`);
      const data = (await res.json()) as Partial<AppConfig>;
      return {
        apiBaseUrl: data.apiBaseUrl ?? DEFAULT_APP_CONFIG.apiBaseUrl,
        remotes: { ...DEFAULT_APP_CONFIG.remotes, ...data.remotes },
        ...(data.razorpayCheckoutUrl ? { razorpayCheckoutUrl: data.razorpayCheckoutUrl } : {}),
      };
    } catch (error) {
      console.warn('Using the default app config:', error);
      return DEFAULT_APP_CONFIG;
    }
  })();
  return pending;
}

/** Forget the cached configuration (tests, or a retry after the config server came back). */
export function resetAppConfig(): void {
  pending = null;
}
