import { messageOf, type Withdrawal } from '@liveedu/api-client';
import { useApi } from '@liveedu/session';
import {
  Button,
  DataTable,
  EmptyState,
  formatOrderDate,
  formatRupees,
  theme,
  toast,
  useResource,
} from '@liveedu/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { Badge } from '../../../shared/components/badge.tsx';
import { InlineError, PageFrame } from '../../../shared/components/page-frame.tsx';
import { ResourceView } from '../../../shared/components/resource-view.tsx';

type Status = Withdrawal['status'];
const STATUSES: Status[] = ['Processing', 'Success'];

const Who = styled.div`
  strong { display: block; }
  small { display: block; color: ${theme.colors.muted}; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.1rem 0.6rem; margin: 0.4rem 0 0; font-size: 0.85rem; }
  dt { color: ${theme.colors.muted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

const Decide = styled.div`
  display: flex;
  gap: 0.5rem;
  align-items: center;
  select { padding: 0.45rem 0.5rem; border: 1px solid ${theme.colors.border}; border-radius: 8px; }
`;

function UserWithBank({ w }: { w: Withdrawal }) {
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

function StatusControl({ w, onChanged }: { w: Withdrawal; onChanged: () => void }) {
  const api = useApi();
  const [status, setStatus] = useState<Status>(w.status);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const who = w.user.username ?? w._id;
  async function confirm() {
    setBusy(true);
    setFailure(null);
    try {
      const { message } = await api.confirmWithdrawalRequest(w._id, status);
      toast.success(message);
      onChanged();
    } catch (error) {
      console.error('Changing a withdrawal status failed', error);
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div>
      <Decide>
        <select
          aria-label={`New status for the withdrawal of ${who}`}
          value={status}
          onChange={(e) => setStatus(e.target.value as Status)}
          disabled={busy}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <Button
          type="button"
          onClick={() => void confirm()}
          disabled={busy || status === w.status}
          aria-label={`Confirm the status of the withdrawal of ${who}`}
        >
          Confirm
        </Button>
      </Decide>
      {failure ? <InlineError role="alert">{failure}</InlineError> : null}
    </div>
  );
}

/** /dashboard/withdrawl-requests: every withdrawal with the account to pay; Processing or Success. */
export function WithdrawalRequestsPage() {
  const api = useApi();
  const withdrawals = useResource(async () => (await api.withdrawalHistory()).withdrawls, [api]);
  return (
    <PageFrame>
      <h1>Withdrawal Requests</h1>
      <ResourceView
        resource={withdrawals}
        loadingLabel="Loading the withdrawal requests…"
        errorText="The withdrawal requests could not be loaded."
      >
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState message="No withdrawal requests" />
          ) : (
            <DataTable<Withdrawal>
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
                  cell: (w) => (
                    <StatusControl key={`${w._id}:${w.status}`} w={w} onChanged={withdrawals.reload} />
                  ),
                },
              ]}
            />
          )
        }
      </ResourceView>
    </PageFrame>
  );
}
