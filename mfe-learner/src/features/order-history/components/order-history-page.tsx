import type { PaymentRecord, TimePeriod } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import { ErrorState, Loading, OrderHistoryTable, Spinner, useResource } from '@liveedu/ui';
import { useEffect, useState } from 'react';
import { PageSection } from '../../../shared/components/page-section.tsx';

/** The user's orders; 7 days, 28 days and Today ask the server for that period, Clear filters for all. */
export function OrderHistoryPage() {
  const api = useApi();
  const [period, setPeriod] = useState<TimePeriod>('none');
  const orders = useResource(
    async (signal) =>
      period === 'none'
        ? ((await api.orderHistory(signal)).data ?? [])
        : ((await api.paymentHistoryTime(period, signal)).data ?? []),
    [api, period],
  );
  // The rows of the previous period stay on screen while the next one loads.
  const [rows, setRows] = useState<PaymentRecord[] | null>(null);
  useEffect(() => {
    if (orders.status === 'ready') setRows(orders.data);
  }, [orders.status, orders.data]);

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
        <OrderHistoryTable caption="Order History" rows={rows} activeFilter={period} onFilter={setPeriod} />
      )}
    </PageSection>
  );
}
