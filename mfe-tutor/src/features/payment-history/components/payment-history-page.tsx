import type { TimePeriod } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import { type Column, DataTable, ErrorState, formatRupees, Loading, useResource } from '@liveedu/ui';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Panel } from '../../../shared/components/page.tsx';
import { formatDate, inPeriod, PERIOD_FILTERS, type TutorPayment } from '../api/periods.ts';

const COLUMNS: Column<TutorPayment>[] = [
  { header: 'Date', cell: (p) => formatDate(p.createdAt) },
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

/** The payments received for the tutor's courses, with the period filters. */
export function PaymentHistoryPage() {
  const api = useApi();
  const [period, setPeriod] = useState<TimePeriod>('none');
  const payments = useResource(
    (signal) => api.paymentHistory(signal).then((r) => (r.data ?? []) as TutorPayment[]),
    [api],
  );
  let body: ReactNode;
  if (payments.status === 'loading') body = <Loading label="Loading your payments…" />;
  else if (payments.status === 'error')
    body = <ErrorState message={payments.error} onRetry={payments.reload} />;
  else
    body = (
      <DataTable
        caption="Payments received for your courses"
        columns={COLUMNS}
        rows={payments.data.filter((p) => inPeriod(p.createdAt, period))}
        rowKey={(p, i) => p._id ?? p.razorpay_order_id ?? String(i)}
        filters={PERIOD_FILTERS}
        activeFilter={period}
        onFilter={(id) => setPeriod(id as TimePeriod)}
        emptyText="No Payment History"
      />
    );
  return (
    <Panel>
      <h2>Payment History</h2>
      {body}
    </Panel>
  );
}
