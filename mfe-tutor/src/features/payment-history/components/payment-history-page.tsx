import type { TimePeriod } from '@liveedu/api-client';
import { usePagedQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import { type Column, ErrorState, Loading, OrderHistoryTable, orderColumns, PagedListEnd } from '@liveedu/ui';
import { type ReactNode, useState } from 'react';
import { Panel } from '../../../shared/components/page.tsx';
import { inPeriod, type TutorPayment } from '../api/periods.ts';

const ORDER = orderColumns<TutorPayment>();
const COLUMNS: Column<TutorPayment>[] = [
  ORDER.date,
  ORDER.course,
  { header: 'Buyer', cell: (p) => p.user?.username || '-' },
  ORDER.amount,
  ORDER.coupon,
  ORDER.listPrice,
  ORDER.status,
];

/**
 * The payments received for the tutor's courses, newest first, a page at a time, with the period
 * filters. A period is the newest payments, so it cuts the pages loaded so far; while every loaded
 * payment is in the period, Load more brings older ones.
 */
export function PaymentHistoryPage() {
  const api = useApi();
  const [period, setPeriod] = useState<TimePeriod>('none');
  const payments = usePagedQuery(['tutor', 'payment-history'], (page, signal) =>
    api.paymentHistory(signal, page).then((r) => ({ ...r, items: (r.data ?? []) as TutorPayment[] })),
  );
  let body: ReactNode;
  if (payments.status === 'loading') body = <Loading label="Loading your payments…" />;
  else if (payments.status === 'error')
    body = <ErrorState message={payments.error} onRetry={payments.reload} />;
  else {
    const rows = payments.items.filter((p) => inPeriod(p.createdAt, period));
    // Newest first: once a loaded payment is older than the period, all of the period is shown.
    const periodShown = rows.length < payments.items.length;
    body = (
      <>
        <OrderHistoryTable
          caption="Payments received for your courses"
          columns={COLUMNS}
          rows={rows}
          activeFilter={period}
          onFilter={setPeriod}
          emptyText="No Payment History"
        />
        {periodShown ? null : <PagedListEnd list={payments} />}
      </>
    );
  }
  return (
    <Panel>
      <h2>Payment History</h2>
      {body}
    </Panel>
  );
}
