import { ApiError, type CourseDetails, messageOf } from '@liveedu/api-client';
import { courseDetailsKey, SHARED_KEYS, useApiMutation, useApiQuery } from '@liveedu/query';
import { useApi, useSession } from '@liveedu/session';
import {
  BillingStateSelect,
  Button,
  ButtonLink,
  CouponField,
  DiscountedPrice,
  isFreePrice,
  theme,
  toast,
  useBillingState,
} from '@liveedu/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { startPurchase } from '../api/purchase.ts';
import { useCommerceApi } from '../hooks/use-commerce-api.ts';
import { AddToCartButton } from './add-to-cart-button.tsx';

const Panel = styled.div`
  display: grid;
  gap: 1rem;
  max-width: 32rem;
  .pay { display: flex; align-items: baseline; gap: 0.5rem; font-size: 1.15rem; margin: 0; }
  .pay > span:first-child { color: ${theme.colors.muted}; font-size: 1rem; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; }
`;

/** A coupon code the buyer applied to this course, and what the server said it does. */
function useCouponCheck(courseId: string) {
  const commerce = useCommerceApi();
  const [code, setCode] = useState('');
  const check = useApiQuery(
    ['commerce', 'coupon-check', courseId, code],
    (signal) => commerce.checkCoupon(code, courseId, signal),
    { enabled: code !== '' },
  );
  return { code, setCode, check: code === '' ? null : check };
}

/**
 * What a buyer does on a course page: enroll in a free course at once; for a paid one, apply a
 * coupon (the price struck through beside what it comes to, or why the code cannot be used),
 * choose their state for the tax invoice, pay ("Enroll Now", or nothing to pay when the coupon
 * takes the whole price) or put the course in the cart. An enrolled student starts learning.
 */
export function PurchasePanel({ course }: { course: CourseDetails }) {
  const api = useApi();
  const navigate = useNavigate();
  const { isLoggedIn, userId, role } = useSession();
  const [paying, setPaying] = useState(false);
  const [billingState, setBillingState] = useBillingState();
  const coupon = useCouponCheck(course._id);
  const enrolled = Boolean(userId && course.studentsEnrolled?.includes(userId));
  const free = isFreePrice(course.price);
  const own = course.courseCreatedBy?._id === userId;
  const player = `/learn/${course._id}/user/${userId}`;
  const bought = [courseDetailsKey(course._id), SHARED_KEYS.enrolledCourses, SHARED_KEYS.catalog];
  // A free course is enrolled in at once, no payment window: then on to its player.
  const { mutateAsync: enrollFree } = useApiMutation((id: string) => api.enrollFree(id), {
    invalidates: bought,
  });
  // Bought at once when the coupon takes the whole price: what shows the course as theirs is read again.
  const { mutateAsync: buy } = useApiMutation(
    (args: { couponCode?: string; userId: string }) =>
      startPurchase(api, course, args.userId, {
        couponCode: args.couponCode,
        ...(billingState ? { billingState } : {}),
      }),
    { invalidates: [...bought, SHARED_KEYS.cart] },
  );
  const checked = coupon.check?.status === 'ready' ? coupon.check.data : null;
  const applied = checked?.valid ? coupon.code : undefined;

  if (enrolled) return <ButtonLink to={player}>Start Learning</ButtonLink>;

  const enroll = async () => {
    if (!isLoggedIn || !userId) {
      navigate('/login');
      return;
    }
    setPaying(true);
    try {
      if (free) {
        const done = await enrollFree(course._id);
        toast.success(done.message);
        navigate(player);
        return;
      }
      const step = await buy({ couponCode: applied, userId });
      if (step.step === 'paid') navigate(`/paymentsuccess?reference=${encodeURIComponent(step.orderId)}`);
    } catch (error) {
      toast.error(messageOf(error));
      // Enrolled already (in another tab, say): the course is theirs to open.
      if (free && error instanceof ApiError && error.status === 409) navigate(player);
    } finally {
      setPaying(false);
    }
  };
  const working = free ? 'Enrolling…' : 'Opening payment…';
  const label = free ? 'Enroll for free' : 'Enroll Now';

  return (
    <Panel>
      {free ? null : (
        <>
          <CouponField
            answer={
              coupon.check === null
                ? null
                : {
                    code: coupon.code,
                    valid: checked?.valid ?? false,
                    message:
                      coupon.check.status === 'error'
                        ? coupon.check.error
                        : (checked?.message ?? 'Checking the code…'),
                  }
            }
            busy={coupon.check?.status === 'loading'}
            onApply={(code) => coupon.setCode(code.toUpperCase())}
            onRemove={() => coupon.setCode('')}
          />
          {checked?.valid ? (
            <p className="pay">
              <span>You pay</span>
              <DiscountedPrice price={checked.price} paid={checked.discounted} />
            </p>
          ) : null}
          {isLoggedIn ? <BillingStateSelect value={billingState} onChange={setBillingState} /> : null}
        </>
      )}
      <div className="actions">
        <Button type="button" onClick={enroll} disabled={paying}>
          {paying ? working : label}
        </Button>
        {!free && isLoggedIn && !own && role !== 'admin' ? <AddToCartButton courseId={course._id} /> : null}
      </div>
    </Panel>
  );
}
