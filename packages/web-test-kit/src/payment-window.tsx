import { resetAppConfig } from '@liveedu/api-client';
import { type RouteObject, useSearchParams } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';

/** The options a payment window was opened with. */
export type OpenedPaymentWindow = Record<string, unknown>;

/**
 * Stands in for the payment provider in every test of the calling file: the app's config is read
 * afresh, the provider's script "loads" as soon as it is added, and its window records what it was
 * opened with instead of opening. Answers the options of the windows the current test opened, in
 * the order they were opened.
 */
export function fakePaymentWindow(): OpenedPaymentWindow[] {
  const opened: OpenedPaymentWindow[] = [];
  beforeEach(() => {
    resetAppConfig();
    opened.length = 0;
    window.Razorpay = class {
      constructor(options: OpenedPaymentWindow) {
        opened.push(options);
      }
      open() {}
    } as unknown as typeof window.Razorpay;
    const append = document.head.appendChild.bind(document.head);
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
      if (node instanceof HTMLScriptElement) {
        queueMicrotask(() => node.onload?.(new Event('load')));
        return node;
      }
      return append(node);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    window.Razorpay = undefined;
  });
  return opened;
}

function PaidReference() {
  const [params] = useSearchParams();
  return <h1>{`Paid ${params.get('reference')}`}</h1>;
}

/** The page a paid order lands on, as a heading "Paid <the order's reference>". */
export const paymentSuccessRoute: RouteObject = { path: '/paymentsuccess', Component: PaidReference };
