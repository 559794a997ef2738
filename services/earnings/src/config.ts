import { DEFAULT_SERVICE_PORTS, HttpUrl, serviceSettings, Type } from '@liveedu/service-kit';

export const earningsSettings = serviceSettings(
  Type.Object({
    /** Where identity answers whether a password is the user's. */
    IDENTITY_URL: HttpUrl({ default: `http://127.0.0.1:${DEFAULT_SERVICE_PORTS.identity}` }),
  }),
);
