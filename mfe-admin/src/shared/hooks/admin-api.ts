import { type AdminClient, createAdminClient } from '@liveedu/api-client';
import { useClientOf } from '@liveedu/session';

/** The admin's calls, over the session's address and credentials (kept out of the site's main client). */
export function useAdminApi(): AdminClient {
  return useClientOf(createAdminClient);
}
