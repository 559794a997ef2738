import { type AdminClient, createAdminClient } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import { useMemo } from 'react';

/** The admin's calls, over the session's address and credentials (kept out of the site's main client). */
export function useAdminApi(): AdminClient {
  const { baseUrl } = useApi();
  return useMemo(() => createAdminClient({ baseUrl }), [baseUrl]);
}
