import type { AdminPaymentRecord, TimePeriod } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import { type Column, inOrderPeriod, OrderHistoryTable, useResource } from '@liveedu/ui';
import { useState } from 'react';
import { PageFrame } from '../../../shared/components/page-frame.tsx';
import { ResourceView } from '../../../shared/components/resource-view.tsx';

const BUYER: Column<AdminPaymentRecord>[] = [{ header: 'User', cell: (r) => r.user?.username || '-' }];

/**
 * /dashboard/all-payments: the order-history table for every user. The list comes whole, so the
 * 7 days / 28 days / Today filters cut it here, by the same calendar days the server uses.
 */
export function AllPaymentsPage() {
  const api = useApi();
  const [period, setPeriod] = useState<TimePeriod>('none');
  const payments = useResource(async () => (await api.allPaymentHistory()).data, [api]);
  return (
    <PageFrame>
      <h1>All Payments</h1>
      <ResourceView
        resource={payments}
        loadingLabel="Loading the payments…"
        errorText="The payments could not be loaded."
      >
        {(rows) => (
          <OrderHistoryTable<AdminPaymentRecord>
            caption="All payments"
            rows={rows.filter((r) => inOrderPeriod(r.createdAt, period))}
            activeFilter={period}
            onFilter={setPeriod}
            leadingColumns={BUYER}
          />
        )}
      </ResourceView>
    </PageFrame>
  );
}
