import { ServiceUrl, serviceSettings, Type, trimSlashes } from '@liveedu/service-kit';

/** Declared once and parsed at start: a bad value stops the start, naming the variable. */
export const learningSettings = serviceSettings(() =>
  Type.Object({
    CATALOG_URL: ServiceUrl('catalog'),
  }),
);

/** What the learning service reads beyond the kit's configuration. */
export interface LearningConfig {
  /** Where the catalog's API answers: who may use an item, and whether it is still locked. */
  catalogUrl: string;
}

export function learningConfig(settings: ReturnType<typeof learningSettings.of>): LearningConfig {
  return { catalogUrl: trimSlashes(settings.CATALOG_URL) };
}
