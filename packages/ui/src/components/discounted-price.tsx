import styled from 'styled-components';
import { formatPrice } from '../text.ts';
import { theme } from '../theme.ts';

const Price = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 0.4rem;
  s { color: ${theme.colors.muted}; font-weight: 400; }
  strong { color: ${theme.colors.ink}; }
`;

/**
 * A price and what is paid after a coupon: the price struck through beside the price paid when
 * they differ ("Free" for nothing), else the price alone. Screen readers hear which is which.
 */
export function DiscountedPrice({ price, paid }: { price: number; paid: number }) {
  if (paid === price) return <Price>{formatPrice(price)}</Price>;
  return (
    <Price>
      <s>
        <span className="visually-hidden">Price </span>
        {formatPrice(price)}
      </s>
      <strong>
        <span className="visually-hidden">with the coupon </span>
        {formatPrice(paid)}
      </strong>
    </Price>
  );
}
