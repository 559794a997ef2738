import { useApiQuery } from '@liveedu/query';
import { PageFrame } from '../../../shared/components/page-frame.tsx';
import { ResourceView } from '../../../shared/components/resource-view.tsx';
import { StatCard, StatGrid } from '../../../shared/components/stat-card.tsx';
import { UserList } from '../../../shared/components/user-list.tsx';
import { useAdminApi } from '../../../shared/hooks/admin-api.ts';
import { ADMIN_KEYS } from '../../../shared/query-keys.ts';
import { loadRecentUsers, loadTotals } from '../api/overview.ts';

/** /dashboard: the four totals and the five newest users. */
export function HomePage() {
  const api = useAdminApi();
  const totals = useApiQuery(ADMIN_KEYS.totals, () => loadTotals(api));
  const recent = useApiQuery(ADMIN_KEYS.recentUsers, () => loadRecentUsers(api));
  return (
    <PageFrame title="Dashboard">
      <ResourceView resource={totals} what="the totals">
        {(t) => (
          <StatGrid>
            <StatCard label="Total users" value={t.users} />
            <StatCard label="Total students" value={t.students} />
            <StatCard label="Total tutors" value={t.tutors} />
            <StatCard label="Total courses" value={t.courses} />
          </StatGrid>
        )}
      </ResourceView>
      <h2>Recent users</h2>
      <ResourceView resource={recent} what="the recent users">
        {(users) => (
          <UserList
            users={users}
            label="Recent users"
            emptyText="No users yet"
            invalidates={[ADMIN_KEYS.users, ADMIN_KEYS.totals]}
          />
        )}
      </ResourceView>
    </PageFrame>
  );
}
