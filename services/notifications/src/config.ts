import { DEFAULT_SERVICE_PORTS, HttpUrl, serviceSettings, Type, trimSlashes } from '@liveedu/service-kit';

/** Declared once and parsed at start: a bad value stops the start, naming the variable. */
export const notificationsSettings = serviceSettings(() =>
  Type.Object({
    CATALOG_URL: HttpUrl({ default: `http://127.0.0.1:${DEFAULT_SERVICE_PORTS.catalog}` }),
  }),
);

/** What the notifications service reads beyond the kit's configuration. */
export interface NotificationsConfig {
  /** Where the catalog's API answers: the students an announcement goes to. */
  catalogUrl: string;
}

export function notificationsConfig(
  settings: ReturnType<typeof notificationsSettings.of>,
): NotificationsConfig {
  return { catalogUrl: trimSlashes(settings.CATALOG_URL) };
}
