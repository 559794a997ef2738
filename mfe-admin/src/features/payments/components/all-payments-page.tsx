import type { AdminPaymentRecord, TimePeriod } from '@liveedu/api-client';
import { usePagedQuery } from '@liveedu/query';
import { type Column, OrderHistoryTable, orderColumns } from '@liveedu/ui';
import { useState } from 'react';
import { PageFrame } from '../../../shared/components/page-frame.tsx';
import { PagedListView } from '../../../shared/components/paged-list-view.tsx';
import { useAdminApi } from '../../../shared/hooks/admin-api.ts';

const ORDER = orderColumns<AdminPaymentRecord>();
/** The order-history columns after the buyer, with the coupon and the list price beside the amount paid. */
const COLUMNS: Column<AdminPaymentRecord>[] = [
  { header: 'User', cell: (r) => r.user?.username || '-' },
  ORDER.orderId,
  ORDER.paymentId,
  ORDER.course,
  ORDER.amount,
  ORDER.coupon,
  ORDER.listPrice,
  ORDER.status,
  ORDER.date,
];

/**
 * /dashboard/all-payments: the order-history table for every user, a page at a time. The
 * 7 days / 28 days / Today filters ask the server for that period (calendar days in Asia/Kolkata).
 */
export function AllPaymentsPage() {
  const api = useAdminApi();
  const [period, setPeriod] = useState<TimePeriod>('none');
  const payments = usePagedQuery(['admin', 'payments', period], (page, signal) =>
    api.allPaymentHistory(signal, page, period).then((r) => ({ ...r, items: r.data ?? [] })),
  );
  return (
    <PageFrame title="All Payments">
      <PagedListView list={payments} what="the payments">
        {(rows) => (
          <OrderHistoryTable<AdminPaymentRecord>
            caption="All payments"
            rows={rows}
            activeFilter={period}
            onFilter={setPeriod}
            columns={COLUMNS}
          />
        )}
      </PagedListView>
    </PageFrame>
  );
}
