import { messageOf } from '@liveedu/api-client';
import { SHARED_KEYS, useApiMutation, useApiQuery } from '@liveedu/query';
import { useApi } from '@liveedu/session';
import { Button, ButtonLink, toast } from '@liveedu/ui';
import { useCommerceApi } from '../hooks/use-commerce-api.ts';

/**
 * Puts the course in the signed-in buyer's cart; once it is there, "In cart" leads to the cart.
 * The cart is read and written under the shared key, so the header's count follows.
 */
export function AddToCartButton({ courseId }: { courseId: string }) {
  const api = useApi();
  const commerce = useCommerceApi();
  const cart = useApiQuery(SHARED_KEYS.cart, (signal) => api.cart(signal));
  const add = useApiMutation((courseIds: string[]) => commerce.saveCart(courseIds), {
    invalidates: [SHARED_KEYS.cart],
  });
  if (cart.status === 'ready' && cart.data.courseIds.includes(courseId)) {
    return (
      <ButtonLink to="/cart" $variant="secondary">
        In cart
      </ButtonLink>
    );
  }
  const addToCart = async () => {
    if (cart.status !== 'ready') return;
    try {
      await add.mutateAsync([...cart.data.courseIds, courseId]);
      toast.success('Added to your cart');
    } catch (error) {
      toast.error(messageOf(error));
    }
  };
  return (
    <Button
      type="button"
      $variant="secondary"
      onClick={addToCart}
      disabled={cart.status !== 'ready' || add.isPending}
    >
      {add.isPending ? 'Adding…' : 'Add to cart'}
    </Button>
  );
}
