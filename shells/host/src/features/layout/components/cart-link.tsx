import { SHARED_KEYS, useApiQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import { media, theme } from '@liveedu/ui';
import { Link } from 'react-router';
import styled from 'styled-components';

const Icon = styled(Link)`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 40px;
  min-height: 40px;
  border-radius: 8px;
  color: ${theme.colors.ink};
  &:hover { color: ${theme.colors.primary}; }
  ${media.md} { order: 1; }
  .count {
    position: absolute;
    top: 0;
    right: 0;
    min-width: 1.2rem;
    padding: 0 0.3rem;
    border-radius: 999px;
    background: ${theme.colors.primary};
    color: ${theme.colors.primaryText};
    font-size: 0.75rem;
    font-weight: 700;
    line-height: 1.2rem;
    text-align: center;
  }
`;

/**
 * The cart in the header: an icon with how many courses the cart holds, leading to /cart. The
 * count is the cart's shared read, so adding or removing a course anywhere changes it.
 */
export function CartLink() {
  const api = useApi();
  const cart = useApiQuery(SHARED_KEYS.cart, (signal) => api.cart(signal));
  const count = cart.status === 'ready' ? cart.data.count : 0;
  return (
    <Icon to="/cart" aria-label={`Cart, ${count} ${count === 1 ? 'course' : 'courses'}`}>
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2M9 19.5h.01M17 19.5h.01"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {count > 0 ? (
        <span className="count" aria-hidden="true">
          {count}
        </span>
      ) : null}
    </Icon>
  );
}
