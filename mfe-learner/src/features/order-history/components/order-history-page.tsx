import type { PaymentRecord, TimePeriod } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import { type Column, DataTable, ErrorState, formatRupees, type TableFilter } from '@liveedu/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageSection } from '../../../shared/components/page-section.tsx';
import { useResource } from '../../../shared/hooks/use-resource.ts';

const FILTERS: (TableFilter & { id: TimePeriod })[] = [
  { id: 'past7days', label: '7 days' },
  { id: 'past28days', label: '28 days' },
  { id: 'today', label: 'Today' },
  { id: 'none', label: 'Clear filters' },
];

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

export function formatDate(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '-' : dateFormat.format(d);
}

export const ORDER_COLUMNS: Column<PaymentRecord>[] = [
  { header: 'Order id', cell: (r) => r.razorpay_order_id || '-' },
  { header: 'Payment id', cell: (r) => r.razorpay_payment_id || '-' },
  {
    header: 'Course',
    cell: (r) =>
      r.courseEnrolled?._id ? (
        <Link to={`/viewCouse/${r.courseEnrolled._id}`}>
          {r.courseEnrolled.title || r.courseEnrolled._id}
        </Link>
      ) : (
        '-'
      ),
  },
  { header: 'Amount', cell: (r) => formatRupees(r.amount) },
  {
    header: 'Status',
    cell: (r) => (
      <strong style={{ color: r.success ? '#15803d' : '#b91c1c' }}>{r.success ? 'Success' : 'Fail'}</strong>
    ),
  },
  { header: 'Date', cell: (r) => formatDate(r.createdAt) },
];

/** The user's orders with the period filters; 'Clear filters' shows every order again. */
export function OrderHistoryPage() {
  const api = useApi();
  const [period, setPeriod] = useState<TimePeriod>('none');
  const orders = useResource(
    async (signal) =>
      period === 'none'
        ? (await api.orderHistory(signal)).data
        : ((await api.paymentHistoryTime(period, signal)).data ?? []),
    [api, period],
  );
  return (
    <PageSection aria-labelledby="orders-heading">
      <h2 id="orders-heading">Order History</h2>
      {orders.status === 'error' ? (
        <ErrorState message={orders.error} onRetry={orders.reload} />
      ) : (
        <DataTable
          caption="Order History"
          columns={ORDER_COLUMNS}
          rows={orders.status === 'ready' ? (orders.data ?? []) : []}
          rowKey={(r, i) => r._id ?? r.razorpay_order_id ?? String(i)}
          filters={FILTERS}
          activeFilter={period === 'none' ? undefined : period}
          onFilter={(id) => setPeriod(id as TimePeriod)}
          emptyText={orders.status === 'loading' ? 'Loading your orders…' : 'No Order History'}
        />
      )}
    </PageSection>
  );
}
