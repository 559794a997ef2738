import { useApiQuery } from '@liveedu/query';
import { formatRupees } from '@liveedu/ui';
import { PageFrame } from '../../../shared/components/page-frame.tsx';
import { ResourceView } from '../../../shared/components/resource-view.tsx';
import { StatCard, StatGrid } from '../../../shared/components/stat-card.tsx';
import { useAdminApi } from '../../../shared/hooks/admin-api.ts';
import { loadRevenue } from '../api/revenue.ts';

/** /dashboard/revenue: revenue in total, this month and this week, and the platform's profit. */
export function RevenuePage() {
  const api = useAdminApi();
  const figures = useApiQuery(['admin', 'revenue'], () => loadRevenue(api));
  return (
    <PageFrame title="Revenue">
      <ResourceView resource={figures} what="the revenue">
        {(f) => (
          <>
            <StatGrid aria-label="Revenue">
              <StatCard label="Total Revenue" value={formatRupees(f.total)} />
              <StatCard label="This Month" value={formatRupees(f.thisMonth)} />
              <StatCard label="This Week" value={formatRupees(f.thisWeek)} />
            </StatGrid>
            <h2>Profit</h2>
            <StatGrid aria-label="Profit">
              <StatCard label="Total Profit" value={formatRupees(f.totalProfit)} />
              <StatCard label="This Month Profit" value={formatRupees(f.thisMonthProfit)} />
              <StatCard label="This Week Profit" value={formatRupees(f.thisWeekProfit)} />
            </StatGrid>
          </>
        )}
      </ResourceView>
    </PageFrame>
  );
}
