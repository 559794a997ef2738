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
        <div>
          <dt>Available</dt>
          <dd className={negative ? 'amount negative' : 'amount'} data-testid="available-balance">
            {formatRupees(figures.available)}
          </dd>
          <dd>
            <small>Withdrawable now</small>
          </dd>
        </div>
        <div>
          <dt>Pending</dt>
          <dd className="held" data-testid="pending-balance">
            {formatRupees(figures.pending)}
          </dd>
          <dd>
            <small>
              {figures.availableOn
                ? `available on ${formatOrderDate(figures.availableOn)}`
                : 'Sales within the payout hold'}
            </small>
          </dd>
        </div>
        <div>
          <dt>Frozen</dt>
          <dd className="held" data-testid="frozen-balance">
            {formatRupees(figures.frozen)}
          </dd>
          <dd>
            <small>Sales under dispute</small>
          </dd>
        </div>
      </List>
      {negative ? <Note>{NEGATIVE_BALANCE_MESSAGE}</Note> : null}
    </>
  );
}
