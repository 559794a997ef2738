import type { WithdrawalRequest } from '@liveedu/api-client';
import { usePagedQuery } from '@liveedu/query';
import { DataTable, EmptyState, formatOrderDate, formatRupees, theme } from '@liveedu/ui';
import styled from 'styled-components';
import { Badge } from '../../../shared/components/badge.tsx';
import { ChooseAndConfirm } from '../../../shared/components/choose-and-confirm.tsx';
import { PageFrame } from '../../../shared/components/page-frame.tsx';
import { PagedListView } from '../../../shared/components/paged-list-view.tsx';
import { useAdminApi } from '../../../shared/hooks/admin-api.ts';

type Status = WithdrawalRequest['status'];
const STATUSES: Status[] = ['Processing', 'Success'];
const WITHDRAWALS = ['admin', 'withdrawals'];

const Who = styled.div`
  strong { display: block; }
  small { display: block; color: ${theme.colors.muted}; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.1rem 0.6rem; margin: 0.4rem 0 0; font-size: 0.85rem; }
  dt { color: ${theme.colors.muted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

function UserWithBank({ w }: { w: WithdrawalRequest }) {
  const bank = w.user.bankDetails;
  return (
    <Who>
      <strong>{w.user.username || '-'}</strong>
      {w.user.email ? <small>{w.user.email}</small> : null}
      {bank ? (
        <dl aria-label={`Bank details of ${w.user.username ?? 'the user'}`}>
          <dt>Name</dt>
          <dd>{bank.fullName}</dd>
          <dt>Account</dt>
          <dd>{bank.accountNumber}</dd>
          <dt>Bank</dt>
          <dd>{bank.nameOfBank}</dd>
          <dt>IFSC</dt>
          <dd>{bank.ifsc}</dd>
        </dl>
      ) : (
        <small>No bank details</small>
      )}
    </Who>
  );
}

function StatusControl({ w }: { w: WithdrawalRequest }) {
  const api = useAdminApi();
  const who = w.user.username ?? w._id;
  return (
    <ChooseAndConfirm<Status>
      options={STATUSES.map((s) => ({ value: s, label: s }))}
      initial={w.status}
      selectLabel={`New status for the withdrawal of ${who}`}
      confirmLabel={`Confirm the status of the withdrawal of ${who}`}
      submit={(status) => api.confirmWithdrawalRequest(w._id, status)}
      invalidates={[WITHDRAWALS]}
      failureLog="Changing a withdrawal status failed"
      unchanged={(status) => status === w.status}
    />
  );
}

/**
 * /dashboard/withdrawl-requests: every withdrawal with the account to pay, newest first, a page at
 * a time; Processing or Success.
 */
export function WithdrawalRequestsPage() {
  const api = useAdminApi();
  const withdrawals = usePagedQuery(WITHDRAWALS, (page, signal) =>
    api.withdrawalHistory(signal, page).then((r) => ({ ...r, items: r.withdrawls ?? [] })),
  );
  return (
    <PageFrame title="Withdrawal Requests">
      <PagedListView list={withdrawals} what="the withdrawal requests">
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState message="No withdrawal requests" />
          ) : (
            <DataTable<WithdrawalRequest>
              caption="Withdrawal requests"
              rows={rows}
              rowKey={(w) => w._id}
              emptyText="No withdrawal requests"
              columns={[
                { header: 'User', cell: (w) => <UserWithBank w={w} /> },
                { header: 'Amount', cell: (w) => formatRupees(w.amount) },
                {
                  header: 'Status',
                  cell: (w) => <Badge $tone={w.status === 'Success' ? 'green' : 'yellow'}>{w.status}</Badge>,
                },
                { header: 'Date', cell: (w) => formatOrderDate(w.date) },
                {
                  header: 'Set status',
                  cell: (w) => <StatusControl key={`${w._id}:${w.status}`} w={w} />,
                },
              ]}
            />
          )
        }
      </PagedListView>
    </PageFrame>
  );
}
