import { type CommerceClient, createCommerceClient } from '@liveedu/api-client';
import { useClientOf } from '@liveedu/session';

/** The buyer's commerce calls (coupons, the cart), over the session's address and credentials. */
export function useCommerceApi(): CommerceClient {
  return useClientOf(createCommerceClient);
}
