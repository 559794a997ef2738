import type { TimePeriod } from '@liveedu/api-client';
import { usePagedQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import {
  type Column,
  DataTable,
  ErrorState,
  formatOrderDate,
  formatRupees,
  Loading,
  ORDER_HISTORY_FILTERS,
  orderRowKey,
  PagedListEnd,
} from '@liveedu/ui';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Panel } from '../../../shared/components/page.tsx';
import { inPeriod, type TutorPayment } from '../api/periods.ts';

const COLUMNS: Column<TutorPayment>[] = [
  { header: 'Date', cell: (p) => formatOrderDate(p.createdAt) },
  {
    header: 'Course',
    cell: (p) =>
      p.courseEnrolled ? (
        <Link to={`/viewCouse/${p.courseEnrolled._id}`}>{p.courseEnrolled.title}</Link>
      ) : (
        '-'
      ),
  },
  { header: 'Buyer', cell: (p) => p.user?.username || '-' },
  { header: 'Amount', cell: (p) => formatRupees(p.amount) },
  { header: 'Status', cell: (p) => (p.success ? 'Success' : 'Fail') },
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
        <DataTable
          caption="Payments received for your courses"
          columns={COLUMNS}
          rows={rows}
          rowKey={orderRowKey}
          filters={ORDER_HISTORY_FILTERS}
          activeFilter={period}
          onFilter={(id) => setPeriod(id as TimePeriod)}
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
