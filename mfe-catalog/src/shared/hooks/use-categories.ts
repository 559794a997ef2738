import { SHARED_KEYS, useApiQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';

/** Every category, read once for the home page's tiles and the categories page. */
export function useCategories() {
  const api = useApi();
  return useApiQuery(SHARED_KEYS.categories, (signal) =>
    api.getAllCategories(signal).then((r) => r.data ?? []),
  );
}
