import { useApiQuery } from '@liveedu/query';
import { useEffect, useState } from 'react';
import { PageFrame } from '../../../shared/components/page-frame.tsx';
import { ResourceView } from '../../../shared/components/resource-view.tsx';
import { UserList } from '../../../shared/components/user-list.tsx';
import { useAdminApi } from '../../../shared/hooks/admin-api.ts';
import { ADMIN_KEYS } from '../../../shared/query-keys.ts';
import { loadUsersPage } from '../api/users.ts';
import { Pager } from './pager.tsx';

/** /dashboard/all-users: every user, newest first, 7 a page, each with Delete. */
export function AllUsersPage() {
  const api = useAdminApi();
  const [page, setPage] = useState(1);
  const users = useApiQuery([...ADMIN_KEYS.users, 'page', page], () => loadUsersPage(api, page));
  // A deletion can empty the last page: show the page that is now the last one.
  const pages = users.data?.pages;
  useEffect(() => {
    if (pages !== undefined && page > pages) setPage(pages);
  }, [page, pages]);
  return (
    <PageFrame title="All Users">
      <ResourceView resource={users} what="the users">
        {(data) => (
          <>
            <UserList
              users={data.users}
              label="All users"
              emptyText="No users yet"
              invalidates={[ADMIN_KEYS.users, ADMIN_KEYS.totals]}
            />
            <Pager page={page} pages={data.pages} onPage={setPage} />
          </>
        )}
      </ResourceView>
    </PageFrame>
  );
}
