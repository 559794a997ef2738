import { formatOrderDate, formatRupees, theme } from '@liveedu/ui';
import styled from 'styled-components';
import { type BalanceFigures as Figures, NEGATIVE_BALANCE_MESSAGE } from '../api/withdrawal-rules.ts';

const List = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(8rem, 1fr));
  gap: 1rem;
  margin: 0 0 1rem;
  dt { font-weight: 600; }
  dd { margin: 0; }
  .amount { font-size: 2rem; font-weight: 700; margin: 0.25rem 0; overflow-wrap: anywhere; }
  .held { font-size: 1.35rem; font-weight: 600; margin: 0.35rem 0 0.25rem; color: ${theme.colors.muted}; }
  .negative { color: ${theme.colors.danger}; }
  small { display: block; color: ${theme.colors.muted}; }
`;

const Note = styled.p`
  color: ${theme.colors.danger};
  margin: 0 0 1rem;
`;

/** One figure of the balance: its name, the amount (in the look of `look`) and a note under it. */
function Figure({
  term,
  amount,
  look,
  testId,
  note,
}: {
  term: string;
  amount: number;
  look: string;
  testId: string;
  note: string;
}) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={look} data-testid={testId}>
        {formatRupees(amount)}
      </dd>
      <dd>
        <small>{note}</small>
      </dd>
    </div>
  );
}

/**
 * The balance beside what is held back: Available (what a withdrawal takes, or the negative balance
 * a refund after a withdrawal left), Pending (sales within the payout hold, and when the oldest
 * becomes available) and Frozen (sales under dispute).
 */
export function BalanceFigures({ figures }: { figures: Figures }) {
  const negative = figures.available < 0;
  return (
    <>
      <List aria-label="Your balance">
        <Figure
          term="Available"
          amount={figures.available}
          look={negative ? 'amount negative' : 'amount'}
          testId="available-balance"
          note="Withdrawable now"
        />
        <Figure
          term="Pending"
          amount={figures.pending}
          look="held"
          testId="pending-balance"
          note={
            figures.availableOn
              ? `available on ${formatOrderDate(figures.availableOn)}`
              : 'Sales within the payout hold'
          }
        />
        <Figure
          term="Frozen"
          amount={figures.frozen}
          look="held"
          testId="frozen-balance"
          note="Sales under dispute"
        />
      </List>
      {negative ? <Note>{NEGATIVE_BALANCE_MESSAGE}</Note> : null}
    </>
  );
}
