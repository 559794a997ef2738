import { type Cart, type CartItem, messageOf } from '@liveedu/api-client';
import { courseDetailsKey, SHARED_KEYS, useApiMutation, useApiQuery } from '@liveedu/query';
import { useApi, useSession } from '@liveedu/session';
import {
  BillingStateSelect,
  Button,
  ButtonLink,
  bareList,
  CouponField,
  DiscountedPrice,
  EmptyState,
  ErrorState,
  flatPanel,
  Loading,
  media,
  ResponsiveImage,
  theme,
  toast,
  useBillingState,
  useBusyAction,
} from '@liveedu/ui';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import styled from 'styled-components';
import { useCommerceApi } from '../../../shared/hooks/use-commerce-api.ts';
import { pageColumn } from '../../../shared/page-column.ts';
import { checkOutCart } from '../api/checkout.ts';

const Frame = styled.section`
  ${pageColumn}
  h1 { margin: 0 0 1rem; }
`;

const Layout = styled.div`
  display: grid;
  gap: 1.5rem;
  grid-template-columns: minmax(0, 1fr);
  ${media.md} { grid-template-columns: minmax(0, 1fr) 20rem; align-items: start; }
`;

const Lines = styled.ul`
  ${bareList}
  ${flatPanel}
  li {
    display: grid;
    grid-template-columns: 6rem minmax(0, 1fr) auto;
    gap: 0.75rem 1rem;
    align-items: center;
    padding: 0.9rem 1rem;
  }
  li + li { border-top: 1px solid ${theme.colors.border}; }
  .thumb, .thumb img {
    display: block; width: 6rem; aspect-ratio: 16 / 9; object-fit: cover; border-radius: 6px; background: #e5e7eb;
  }
  a { color: ${theme.colors.ink}; font-weight: 600; text-decoration: none; overflow-wrap: anywhere; }
  a:hover { color: ${theme.colors.primary}; }
  .line-price { margin: 0.25rem 0 0; }
`;

const Summary = styled.aside`
  ${flatPanel}
  padding: 1.25rem;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1rem;
  select { width: 100%; min-width: 0; }
  h2 { margin: 0; font-size: 1.25rem; }
  .total { display: flex; justify-content: space-between; align-items: baseline; gap: 0.5rem; margin: 0; }
  .total > span:first-child { font-weight: 600; }
`;

/** A course of the cart: its picture (from its details, read once for every page), title, price and removal. */
function Line({ item, onRemove, busy }: { item: CartItem; onRemove: () => void; busy: boolean }) {
  const api = useApi();
  const details = useApiQuery(courseDetailsKey(item.courseId), (signal) =>
    api.courseDetails(item.courseId, signal),
  );
  return (
    <li>
      <div className="thumb">
        {details.status === 'ready' ? (
          <ResponsiveImage src={details.data.thumbnail} alt="" sizes="96px" />
        ) : null}
      </div>
      <div>
        <Link to={`/viewCouse/${item.courseId}`}>{item.title}</Link>
        <p className="line-price">
          <DiscountedPrice price={item.price} paid={item.payable} />
        </p>
      </div>
      <Button
        type="button"
        $variant="ghost"
        onClick={onRemove}
        disabled={busy}
        aria-label={`Remove ${item.title}`}
      >
        Remove
      </Button>
    </li>
  );
}

/**
 * The cart's courses priced now, the coupon's price of each, the total, the buyer's state for the
 * tax invoice, and one checkout for all of them: the provider's window, or nothing to pay when
 * the coupon takes the whole price.
 */
function CartView({
  cart,
  pricing,
  onCoupon,
}: {
  cart: Cart;
  /** The cart is being priced again (another coupon code). */
  pricing: boolean;
  onCoupon: (code: string) => void;
}) {
  const api = useApi();
  const commerce = useCommerceApi();
  const navigate = useNavigate();
  const [billingState, setBillingState] = useBillingState();
  const [paying, pay] = useBusyAction();
  const applied = cart.coupon?.valid ? cart.coupon.code : undefined;
  const remove = useApiMutation(
    (courseId: string) => commerce.saveCart(cart.courseIds.filter((id) => id !== courseId)),
    {
      invalidates: [SHARED_KEYS.cart],
    },
  );
  // The courses are bought at once when the coupon takes the whole price.
  const { mutateAsync: checkOut } = useApiMutation(
    () => checkOutCart(api, commerce, { couponCode: applied, ...(billingState ? { billingState } : {}) }),
    { invalidates: [SHARED_KEYS.cart, SHARED_KEYS.enrolledCourses] },
  );

  const removeLine = async (courseId: string) => {
    try {
      await remove.mutateAsync(courseId);
    } catch (error) {
      toast.error(messageOf(error));
    }
  };
  const checkout = () =>
    pay(async () => {
      const step = await checkOut();
      if (step.step === 'paid') navigate(`/paymentsuccess?reference=${encodeURIComponent(step.orderId)}`);
    });

  return (
    <Layout>
      <Lines aria-label="Courses in your cart">
        {cart.items.map((item) => (
          <Line
            key={item.courseId}
            item={item}
            busy={remove.isPending}
            onRemove={() => removeLine(item.courseId)}
          />
        ))}
      </Lines>
      <Summary aria-labelledby="cart-summary">
        <h2 id="cart-summary">Summary</h2>
        <CouponField
          answer={cart.coupon}
          busy={pricing}
          onApply={(code) => onCoupon(code.toUpperCase())}
          onRemove={() => onCoupon('')}
        />
        <p className="total">
          <span>
            Total ({cart.count} {cart.count === 1 ? 'course' : 'courses'})
          </span>
          <DiscountedPrice price={cart.total} paid={cart.payable} />
        </p>
        <BillingStateSelect value={billingState} onChange={setBillingState} />
        <Button type="button" onClick={checkout} disabled={paying || pricing}>
          {paying ? 'Opening payment…' : 'Checkout'}
        </Button>
      </Summary>
    </Layout>
  );
}

/** The signed-in buyer's cart, read with the coupon code they applied (none at first). */
function SignedInCart() {
  const api = useApi();
  const [couponCode, setCouponCode] = useState('');
  const key = couponCode ? [...SHARED_KEYS.cart, couponCode] : SHARED_KEYS.cart;
  const cart = useApiQuery(key, (signal) => api.cart(signal, couponCode || undefined));
  // While another code prices the cart, the cart as last priced stays on screen.
  const last = useRef<Cart | null>(null);
  if (cart.status === 'ready') last.current = cart.data;
  const shown = cart.status === 'ready' ? cart.data : last.current;
  if (cart.status === 'error') return <ErrorState message={cart.error} onRetry={cart.reload} />;
  if (!shown) return <Loading label="Loading your cart…" />;
  if (shown.count === 0) {
    return (
      <EmptyState message="Your cart is empty.">
        <ButtonLink to="/courses">Browse courses</ButtonLink>
      </EmptyState>
    );
  }
  return <CartView cart={shown} pricing={cart.status === 'loading'} onCoupon={setCouponCode} />;
}

/** The page at /cart. */
export function CartPage() {
  const { isLoggedIn } = useSession();
  return (
    <Frame aria-labelledby="cart-heading">
      <h1 id="cart-heading">Your cart</h1>
      {isLoggedIn ? (
        <SignedInCart />
      ) : (
        <EmptyState message="Log in to see your cart.">
          <ButtonLink to="/login">Log in</ButtonLink>
        </EmptyState>
      )}
    </Frame>
  );
}
