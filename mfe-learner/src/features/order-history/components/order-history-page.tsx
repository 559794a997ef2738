import type { PaymentRecord, TimePeriod } from '@liveedu/api-client';
import { type PageOf, usePagedQuery, useShownItems } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import { ErrorState, Loading, OrderHistoryTable, PagedListEnd, Spinner } from '@liveedu/ui';
import { useMemo, useState } from 'react';
import { PageSection } from '../../../shared/components/page-section.tsx';
import { ORDER_HISTORY_KEY } from '../api/keys.ts';
import { learnerOrderColumns } from './order-line-parts.tsx';
import { RefundDialog } from './refund-dialog.tsx';

/**
 * The user's orders, newest first, a page at a time. 7 days, 28 days and Today ask the server for
 * that period, which answers it whole; Clear filters goes back to the pages of every order. Each
 * line shows what was paid (with its coupon), its tax invoice and credit note, and its refund.
 */
export function OrderHistoryPage() {
  const api = useApi();
  const [period, setPeriod] = useState<TimePeriod>('none');
  const [refunding, setRefunding] = useState<PaymentRecord | null>(null);
  const columns = useMemo(() => learnerOrderColumns(setRefunding), []);
  const orders = usePagedQuery(
    [...ORDER_HISTORY_KEY, period],
    async (page, signal): Promise<PageOf<PaymentRecord>> => {
      if (period === 'none') {
        const r = await api.orderHistory(signal, page);
        return { ...r, items: r.data ?? [] };
      }
      const items = (await api.paymentHistoryTime(period, signal)).data ?? [];
      return { items, total: items.length, pages: 1 };
    },
  );
  // The rows of the previous period stay on screen while the next one loads.
  const rows = useShownItems(orders);

  return (
    <PageSection aria-labelledby="orders-heading" aria-busy={orders.status === 'loading'}>
      <h2 id="orders-heading">
        Order History {orders.status === 'loading' && rows ? <Spinner size={18} label="Loading" /> : null}
      </h2>
      {orders.status === 'error' ? (
        <ErrorState message={orders.error} onRetry={orders.reload} />
      ) : rows === null ? (
        <Loading label="Loading your orders…" />
      ) : (
        <>
          <OrderHistoryTable
            caption="Order History"
            columns={columns}
            rows={rows}
            activeFilter={period}
            onFilter={setPeriod}
          />
          <PagedListEnd list={orders} />
        </>
      )}
      <RefundDialog line={refunding} onClose={() => setRefunding(null)} />
    </PageSection>
  );
}
