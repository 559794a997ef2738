import {
  HttpUrl,
  required,
  ServiceUrl,
  secret,
  serviceSettings,
  Type,
  trimSlashes,
} from '@liveedu/service-kit';

/** The local media server's port and key pair, as `npm start` runs it unless told otherwise. */
const LOCAL_LIVEKIT_URL = 'http://127.0.0.1:7880';
const LOCAL_LIVEKIT_KEY = 'liveedu-livekit';
const LOCAL_LIVEKIT_SECRET = 'liveedu-local-livekit-secret-change-me';

/** Declared once and parsed at start: a bad value stops the start, naming the variable. */
export const liveSettings = serviceSettings((production: boolean) =>
  Type.Object({
    CATALOG_URL: ServiceUrl('catalog'),
    // The media server's API, reached by this service (removing a participant, letting one speak).
    LIVEKIT_URL: HttpUrl({ default: LOCAL_LIVEKIT_URL }),
    // Where browsers connect (ws:// or wss://); LIVEKIT_URL with http→ws when unset.
    LIVEKIT_PUBLIC_URL: Type.Optional(Type.String({ format: 'uri', pattern: '^wss?://' })),
    LIVEKIT_API_KEY: required(production, LOCAL_LIVEKIT_KEY),
    // Signs join tokens and checks the media server's webhooks.
    LIVEKIT_API_SECRET: secret(production, LOCAL_LIVEKIT_SECRET),
  }),
);

/** What the live service reads beyond the kit's configuration. */
export interface LiveConfig {
  /** Where the catalog's API answers: who takes part in a course, a student's courses. */
  catalogUrl: string;
  livekit: {
    /** The media server's API (http/https). */
    apiUrl: string;
    /** Where browsers connect (ws/wss). */
    publicUrl: string;
    apiKey: string;
    apiSecret: string;
  };
}

/** A media server's http(s) address as browsers reach it: ws(s) on the same host. */
export const socketUrlOf = (httpUrl: string) => httpUrl.replace(/^http/, 'ws');

export function liveConfig(settings: ReturnType<typeof liveSettings.of>): LiveConfig {
  const apiUrl = trimSlashes(settings.LIVEKIT_URL);
  return {
    catalogUrl: trimSlashes(settings.CATALOG_URL),
    livekit: {
      apiUrl,
      publicUrl: trimSlashes(settings.LIVEKIT_PUBLIC_URL ?? socketUrlOf(apiUrl)),
      apiKey: settings.LIVEKIT_API_KEY,
      apiSecret: settings.LIVEKIT_API_SECRET,
    },
  };
}
