import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogService } from '@liveedu/catalog';
import { communityService } from '@liveedu/community';
import { earningsService } from '@liveedu/earnings';
import { identityService } from '@liveedu/identity';
import { learningService } from '@liveedu/learning';
import { liveService } from '@liveedu/live';
import { mediaService } from '@liveedu/media';
import { notificationsService } from '@liveedu/notifications';
import { paymentsService } from '@liveedu/payments';
import { type ServiceName, serviceStartOrder } from '@liveedu/platform-registry';
import type { Service, ServiceDefinition } from '@liveedu/service-kit';
import { todoService } from '@liveedu/todo';
import { newTutor } from './flows.ts';
import {
  eventually,
  preparedStack,
  type Session,
  type StackOptions,
  startTestStack,
  type TestStack,
  withAdmin,
} from './stack.ts';

const DEFINITIONS: Record<ServiceName, ServiceDefinition> = {
  identity: identityService,
  todo: todoService,
  catalog: catalogService,
  earnings: earningsService,
  payments: paymentsService,
  media: mediaService,
  learning: learningService,
  community: communityService,
  notifications: notificationsService,
  live: liveService,
};

/** Every service of the platform registry, each started after those it calls. */
export const ALL_SERVICES: StackOptions['services'] = Object.fromEntries(
  serviceStartOrder().map((name) => [name, DEFINITIONS[name]]),
);

/**
 * What a purchase goes through: accounts, the course, the payment and the tutor's credit (the
 * catalog before payments, which asks it what a course costs).
 */
export const PURCHASE_SERVICES = {
  identity: identityService,
  catalog: catalogService,
  earnings: earningsService,
  payments: paymentsService,
} satisfies StackOptions['services'];

/**
 * A stack a purchase can go through (for a file's `beforeAll`): the purchase's services with a
 * Razorpay sandbox of the stack's own, and the admin logged in.
 */
export function purchaseStack(): Promise<{ stack: TestStack; admin: Session }> {
  return withAdmin(startTestStack({ services: PURCHASE_SERVICES, razorpay: true }));
}

/** What a course's questions, answers and announcements need: accounts, the course and the community. */
export const COMMUNITY_SERVICES = {
  identity: identityService,
  catalog: catalogService,
  community: communityService,
} satisfies StackOptions['services'];

/** What quizzes and assignments need: accounts, the course and learning. */
export const LEARNING_SERVICES = {
  identity: identityService,
  catalog: catalogService,
  learning: learningService,
} satisfies StackOptions['services'];

/** A stack for quizzes and assignments, with a new tutor to write them (for a file's `beforeAll`). */
export function learningStack(): Promise<{ stack: TestStack; tutor: Session }> {
  return preparedStack(startTestStack({ services: LEARNING_SERVICES }), async (stack) => ({
    tutor: await newTutor(stack),
  }));
}

/** What the tutors' and the admin's money figures need: accounts and the ledger. */
export const EARNINGS_SERVICES = {
  identity: identityService,
  earnings: earningsService,
} satisfies StackOptions['services'];

/** The whole platform behind a real gateway, as a client sees it. */
export function startPlatformStack(opts: Omit<StackOptions, 'services'> = {}): Promise<TestStack> {
  return startTestStack({ ...opts, services: ALL_SERVICES });
}

/** Identity alone behind the gateway, and its running service. */
export type IdentityStack = TestStack & { identity: Service };

/** Identity alone behind the gateway (no demo accounts unless `env` asks for them). */
export async function startIdentityStack(env: Record<string, string> = {}): Promise<IdentityStack> {
  const stack = await startTestStack({
    services: { identity: identityService },
    env: { SEED_DEMO: '0', ...env },
  });
  return Object.assign(stack, { identity: stack.services.identity as Service });
}

/** Notifications behind the gateway, their running service, and the folder their mail is written to. */
export type NotificationsStack = TestStack & { notifications: Service; dataDir: string };

/** Waits until identity has told notifications where the user's mail goes (its sign-up event). */
export async function addressKnown(stack: NotificationsStack, user: Session): Promise<void> {
  await eventually(async () =>
    (await stack.notifications.app.db
      .collection('recipients')
      .findOne({ _id: user._id as never, email: user.email }))
      ? true
      : undefined,
  );
}

/**
 * Notifications after what they ask (accounts, and the catalog for a course's students), mail
 * written as files to a folder of their own (no SMTP), removed again by `close`.
 */
export async function startNotificationsStack(env: Record<string, string>): Promise<NotificationsStack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'liveedu-notifications-'));
  const stack = await startTestStack({
    services: { identity: identityService, catalog: catalogService, notifications: notificationsService },
    env: { DATA_DIR: dataDir, SMTP_URL: '', ...env },
  });
  const closeStack = stack.close.bind(stack);
  return Object.assign(stack, {
    notifications: stack.services.notifications as Service,
    dataDir,
    close: async () => {
      await closeStack();
      await rm(dataDir, { recursive: true, force: true });
    },
  });
}
