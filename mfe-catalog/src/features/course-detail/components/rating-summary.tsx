import type { CourseReviews } from '@liveedu/api-client';
import { bareList, StarRating, theme } from '@liveedu/ui';
import styled from 'styled-components';

const Summary = styled.div`
  display: grid;
  gap: 1rem 2rem;
  grid-template-columns: auto 1fr;
  align-items: center;
  @media (max-width: 480px) { grid-template-columns: 1fr; }
`;

const Average = styled.div`
  display: grid;
  justify-items: center;
  gap: 0.25rem;
  strong { font-size: 2.75rem; line-height: 1; color: ${theme.colors.ink}; }
  small { color: ${theme.colors.muted}; }
`;

const Bars = styled.ul`
  ${bareList}
  display: grid;
  gap: 0.35rem;
`;

const BarButton = styled.button<{ $on: boolean }>`
  display: grid;
  grid-template-columns: 4.5rem 1fr 3rem;
  gap: 0.6rem;
  align-items: center;
  width: 100%;
  padding: 0.2rem 0.4rem;
  border: 1px solid ${({ $on }) => ($on ? theme.colors.primary : 'transparent')};
  border-radius: 6px;
  background: none;
  color: ${theme.colors.ink};
  cursor: pointer;
  text-align: left;
  &:disabled { cursor: default; color: ${theme.colors.muted}; }
  span:last-child { text-align: right; color: ${theme.colors.muted}; }
`;

const Track = styled.span`
  height: 0.6rem;
  border-radius: 999px;
  background: ${theme.colors.border};
  overflow: hidden;
  span { display: block; height: 100%; background: ${theme.colors.star}; }
`;

const ORDER = ['5', '4', '3', '2', '1'] as const;

/** The share of reviews giving `n` stars, as a whole percentage. */
export const shareOf = (count: number, total: number) => (total > 0 ? Math.round((count / total) * 100) : 0);

/**
 * The course's average with its stars, and a bar per number of stars with its share of the
 * reviews; choosing a bar keeps the reviews below to that rating (choosing it again shows all).
 */
export function RatingSummary({
  average,
  breakdown,
  stars,
  onStars,
}: {
  average: number;
  breakdown: CourseReviews['breakdown'];
  stars: number | undefined;
  onStars: (stars: number | undefined) => void;
}) {
  const total = ORDER.reduce((sum, n) => sum + breakdown[n], 0);
  return (
    <Summary>
      <Average>
        <strong>{average.toFixed(1)}</strong>
        <StarRating value={average} size="1.2rem" />
        <small>
          {total} {total === 1 ? 'rating' : 'ratings'}
        </small>
      </Average>
      <Bars aria-label="Ratings by stars">
        {ORDER.map((n) => {
          const count = breakdown[n];
          const share = shareOf(count, total);
          const on = stars === Number(n);
          return (
            <li key={n}>
              <BarButton
                type="button"
                $on={on}
                aria-pressed={on}
                disabled={count === 0 && !on}
                onClick={() => onStars(on ? undefined : Number(n))}
              >
                <span>{n} stars</span>
                <Track aria-hidden="true">
                  <span style={{ width: `${share}%` }} />
                </Track>
                <span>
                  {share}%<span className="visually-hidden"> of reviews ({count})</span>
                </span>
              </BarButton>
            </li>
          );
        })}
      </Bars>
    </Summary>
  );
}
