import { catalogService } from '@liveedu/catalog';
import { earningsService } from '@liveedu/earnings';
import { identityService } from '@liveedu/identity';
import { paymentsService } from '@liveedu/payments';
import { todoService } from '@liveedu/todo';
import { type StackOptions, startTestStack, type TestStack } from './stack.ts';

/** Every service, in an order that starts each after those it calls. */
export const ALL_SERVICES = {
  identity: identityService,
  todo: todoService,
  catalog: catalogService,
  earnings: earningsService,
  payments: paymentsService,
} satisfies StackOptions['services'];

/** The whole platform behind a real gateway, as a client sees it. */
export function startPlatformStack(opts: Omit<StackOptions, 'services'> = {}): Promise<TestStack> {
  return startTestStack({ ...opts, services: ALL_SERVICES });
}
