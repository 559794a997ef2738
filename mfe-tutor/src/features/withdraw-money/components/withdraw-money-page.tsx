import { messageOf, type Withdrawal } from '@liveedu/api-client';
import { useApiMutation, useApiQuery, usePagedQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import {
  Button,
  type Column,
  DataTable,
  ErrorState,
  formatOrderDate,
  formatRupees,
  Loading,
  PagedListEnd,
  raisedPanel,
  theme,
  toast,
} from '@liveedu/ui';
import { type ReactNode, useState } from 'react';
import styled from 'styled-components';
import { Panel } from '../../../shared/components/page.tsx';
import { BELOW_MINIMUM_MESSAGE, balanceFigures, canWithdraw } from '../api/withdrawal-rules.ts';
import { BalanceFigures } from './balance-figures.tsx';
import { BankDetailsForm } from './bank-details-form.tsx';
import { CurrentPasswordField } from './current-password-field.tsx';

const BalanceCard = styled.div`
  max-width: 40rem;
  ${raisedPanel}
  padding: 1.25rem;
  margin-bottom: 2rem;
  .note { color: ${theme.colors.danger}; margin: 0.75rem 0 0; }
`;

const COLUMNS: Column<Withdrawal>[] = [
  { header: 'Amount', cell: (w) => formatRupees(w.amount) },
  { header: 'Status', cell: (w) => w.status },
  { header: 'Date', cell: (w) => formatOrderDate(w.date) },
];

const BALANCE = ['tutor', 'balance'];
const WITHDRAWALS = ['tutor', 'withdrawals'];

function Balance() {
  const api = useApi();
  const balance = useApiQuery(BALANCE, () => api.availableBalance().then(balanceFigures));
  const [currPass, setCurrPass] = useState('');
  const request = useApiMutation((amount: number) => api.withdrawRequest(amount, currPass || undefined), {
    invalidates: [BALANCE, WITHDRAWALS],
  });
  const sending = request.isPending;
  if (balance.status === 'loading') return <Loading label="Loading your balance…" />;
  if (balance.status === 'error') return <ErrorState message={balance.error} onRetry={balance.reload} />;
  const allowed = canWithdraw(balance.data.withdrawable);
  const withdraw = async () => {
    try {
      const answer = await request.mutateAsync(balance.data.withdrawable);
      setCurrPass('');
      toast.success(answer.message);
    } catch (error) {
      toast.error(messageOf(error));
    }
  };
  return (
    <BalanceCard>
      <BalanceFigures figures={balance.data} />
      {allowed ? <CurrentPasswordField value={currPass} onChange={setCurrPass} idPrefix="withdraw" /> : null}
      <Button type="button" onClick={withdraw} disabled={!allowed || sending}>
        {sending ? 'Requesting…' : 'Withdraw'}
      </Button>
      {allowed ? null : <p className="note">{BELOW_MINIMUM_MESSAGE}</p>}
    </BalanceCard>
  );
}

/** The tutor's withdrawals, newest first, a page at a time; loaded again after each withdrawal. */
function Withdrawals() {
  const api = useApi();
  const list = usePagedQuery(WITHDRAWALS, (page, signal) =>
    api.userWithdrawals(signal, page).then((r) => ({ ...r, items: r.withdrawals ?? [] })),
  );
  if (list.status === 'loading') return <Loading label="Loading your withdrawals…" />;
  if (list.status === 'error') return <ErrorState message={list.error} onRetry={list.reload} />;
  return (
    <>
      <DataTable
        caption="Your withdrawals"
        columns={COLUMNS}
        rows={list.items}
        rowKey={(w) => w._id}
        emptyText="No withdrawals yet"
      />
      <PagedListEnd list={list} />
    </>
  );
}

/** Withdraw Money: bank details first, then the balance, the Withdraw button and past withdrawals. */
export function WithdrawMoneyPage() {
  const api = useApi();
  const hasBank = useApiQuery(['tutor', 'has-bank-details'], () =>
    api.isBankDetail().then((r) => r.message === true),
  );
  let top: ReactNode;
  if (hasBank.status === 'loading') top = <Loading label="Loading…" />;
  else if (hasBank.status === 'error') top = <ErrorState message={hasBank.error} onRetry={hasBank.reload} />;
  else if (!hasBank.data) top = <BankDetailsForm onSaved={hasBank.reload} />;
  else top = <Balance />;
  return (
    <Panel>
      <h2>Withdraw Money</h2>
      {top}
      <h2>Withdrawals</h2>
      <Withdrawals />
    </Panel>
  );
}
