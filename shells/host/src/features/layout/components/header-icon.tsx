import { theme } from '@liveedu/ui';
import styled, { css } from 'styled-components';

/** The square box of an icon in the header (the cart, the bell): ink, and primary on hover. */
export const headerIconBox = css`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 40px;
  min-height: 40px;
  border-radius: 8px;
  color: ${theme.colors.ink};
  &:hover { color: ${theme.colors.primary}; }
`;

const Count = styled.span<{ $tone: 'primary' | 'danger' }>`
  position: absolute;
  top: 0;
  right: 0;
  min-width: 1.2rem;
  padding: 0 0.3rem;
  border-radius: 999px;
  background: ${({ $tone }) => theme.colors[$tone]};
  color: ${theme.colors.primaryText};
  font-size: 0.75rem;
  font-weight: 700;
  line-height: 1.2rem;
  text-align: center;
`;

/**
 * A header icon: a 24-pixel line drawing of `path` in the text's colour, with a count in a pill
 * over its corner when there is one (`label` is what the count shows; the icon's own label says it).
 */
export function HeaderIconContent({
  path,
  count,
  label = String(count),
  tone,
}: {
  path: string;
  count: number;
  label?: string;
  tone: 'primary' | 'danger';
}) {
  return (
    <>
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d={path}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {count > 0 ? (
        <Count className="count" $tone={tone} aria-hidden="true">
          {label}
        </Count>
      ) : null}
    </>
  );
}
