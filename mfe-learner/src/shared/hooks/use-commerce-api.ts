import { type CommerceClient, createCommerceClient } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import { useMemo } from 'react';

/** The buyer's commerce calls (the cart, refunds, invoices), over the session's address and credentials. */
export function useCommerceApi(): CommerceClient {
  const { baseUrl } = useApi();
  return useMemo(() => createCommerceClient({ baseUrl }), [baseUrl]);
}
