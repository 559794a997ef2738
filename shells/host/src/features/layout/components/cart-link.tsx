import { SHARED_KEYS, useApiQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import { media } from '@liveedu/ui';
import { Link } from 'react-router';
import styled from 'styled-components';
import { HeaderIconContent, headerIconBox } from './header-icon.tsx';

const Icon = styled(Link)`
  ${headerIconBox}
  ${media.md} { order: 1; }
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
      <HeaderIconContent
        path="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2M9 19.5h.01M17 19.5h.01"
        count={count}
        tone="primary"
      />
    </Icon>
  );
}
