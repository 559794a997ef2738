import { ServiceUrl, serviceSettings, Type, trimSlashes } from '@liveedu/service-kit';

/** Declared once and parsed at start: a bad value stops the start, naming the variable. */
export const communitySettings = serviceSettings(() =>
  Type.Object({
    CATALOG_URL: ServiceUrl('catalog'),
  }),
);

/** What the community service reads beyond the kit's configuration. */
export interface CommunityConfig {
  /** Where the catalog's API answers: who may read and post in a course. */
  catalogUrl: string;
}

export function communityConfig(settings: ReturnType<typeof communitySettings.of>): CommunityConfig {
  return { catalogUrl: trimSlashes(settings.CATALOG_URL) };
}
