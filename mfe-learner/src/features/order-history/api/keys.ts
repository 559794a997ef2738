/** The order history's reads (every period's): a refund asked for changes them. */
export const ORDER_HISTORY_KEY = ['learner', 'order-history'] as const;
