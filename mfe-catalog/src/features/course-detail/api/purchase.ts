import { type ApiClient, type CourseDetails, loadAppConfig } from '@liveedu/api-client';

interface RazorpayOptions {
  key: string;
  amount: number;
  currency: 'INR';
  name: string;
  description: string;
  image?: string;
  order_id: string;
  callback_url: string;
  prefill: { email: string; contact: string };
  theme: { color: string };
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => { open: () => void };
  }
}

const scripts = new Map<string, Promise<void>>();

/** Inject the provider's checkout script once. */
export function loadScript(src: string): Promise<void> {
  let pending = scripts.get(src);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const el = document.createElement('script');
      el.src = src;
      el.async = true;
      el.onload = () => resolve();
      el.onerror = () => reject(new Error('The payment window could not be loaded. Please try again.'));
      document.head.appendChild(el);
    });
    pending.catch(() => scripts.delete(src));
    scripts.set(src, pending);
  }
  return pending;
}

/**
 * The purchase flow: provider key → user email → order → provider window. The provider calls
 * the verification address when the card payment completes.
 */
export async function startPurchase(api: ApiClient, course: CourseDetails, userId: string): Promise<void> {
  const config = await loadAppConfig();
  if (!config.razorpayCheckoutUrl) throw new Error('Payments are not available right now.');
  const { key } = await api.getApiKeys();
  const user = await api.getUserData();
  const order = await api.checkout({
    amount: course.price,
    paymentTo: course.courseCreatedBy._id,
    course: course._id,
    paymentBy: userId,
  });
  await loadScript(config.razorpayCheckoutUrl);
  if (!window.Razorpay) throw new Error('The payment window could not be loaded. Please try again.');
  const orderId = order.data?.id ?? order.orderId;
  const verification = api.paymentVerificationUrl({
    orderId,
    courseId: course._id,
    userId,
    teacherId: course.courseCreatedBy._id,
    amount: course.price,
  });
  const checkout = new window.Razorpay({
    key,
    amount: order.data.amount,
    currency: 'INR',
    name: 'LiveEdu',
    description: 'Test Transaction',
    order_id: orderId,
    callback_url: new URL(verification, window.location.href).href,
    prefill: { email: user.email, contact: '9000090000' },
    theme: { color: '#4f46e5' },
  });
  checkout.open();
}
