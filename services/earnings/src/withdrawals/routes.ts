import {
  badRequest,
  caller,
  conflict,
  MessageReply,
  notFound,
  ObjectIdString,
  paging,
  requireRole,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { earningsSettings } from '../config.ts';
import { toRupees } from '../ledger/domain.ts';
import { type UserDoc, usersByIds } from '../tutors/store.ts';
import { isWithdrawalStatus, WITHDRAWAL_STATUSES } from './domain.ts';
import { stepUpFor } from './step-up.ts';
import {
  type Position,
  requestWithdrawal,
  setWithdrawalStatus,
  tutorPosition,
  WITHDRAWALS,
  type WithdrawalDoc,
} from './store.ts';

const Status = Type.Union([Type.Literal('Processing'), Type.Literal('Success')]);
const BankDetails = Type.Object({
  fullName: Type.String(),
  accountNumber: Type.String(),
  nameOfBank: Type.String(),
  ifsc: Type.String(),
});
const OwnWithdrawal = Type.Object({
  _id: Type.String(),
  amount: Type.Number(),
  status: Status,
  date: Type.String(),
});
const AdminWithdrawal = Type.Object({
  _id: Type.String(),
  user: Type.Object({
    _id: Type.String(),
    username: Type.String(),
    email: Type.String(),
    bankDetails: BankDetails,
  }),
  amount: Type.Number(),
  status: Status,
  date: Type.String(),
});
const WithdrawBody = Type.Optional(
  Type.Object({
    amount: Type.Optional(Type.Unknown()),
    currPass: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'The current password, needed when the log-in is more than 10 minutes old',
      }),
    ),
  }),
);

const Balance = Type.Object({
  earnings: Type.Number({
    description: 'What can be withdrawn now, in rupees (0 while the balance below is negative)',
  }),
  balance: Type.Number({
    description:
      'The same, signed: negative when a refund or a dispute came after a withdrawal; later sales repay it first',
  }),
  pending: Type.Number({ description: 'Credits of sales still within the payout hold, in rupees' }),
  frozen: Type.Number({ description: 'Credits of sales whose payment is disputed, in rupees' }),
  availableOn: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When the oldest pending credit becomes withdrawable; null when none is pending',
  }),
});

const balanceOf = (position: Position) => ({
  earnings: toRupees(Math.max(0, position.balancePaise)),
  balance: toRupees(position.balancePaise),
  pending: toRupees(position.held.pendingPaise),
  frozen: toRupees(position.held.frozenPaise),
  availableOn: position.held.availableOn?.toISOString() ?? null,
});

const ownWithdrawal = (doc: WithdrawalDoc) => ({
  _id: doc._id.toHexString(),
  amount: toRupees(doc.amountPaise),
  status: doc.status,
  date: doc.requestedAt.toISOString(),
});

const adminWithdrawal = (doc: WithdrawalDoc, user: UserDoc | undefined) => ({
  _id: doc._id.toHexString(),
  user: {
    _id: doc.tutorId,
    username: user?.username ?? doc.username,
    email: user?.email ?? '',
    bankDetails: doc.bankDetails,
  },
  amount: toRupees(doc.amountPaise),
  status: doc.status,
  date: doc.requestedAt.toISOString(),
});

/** The tutor's side: the balance, withdrawing it, and the withdrawals made. */
export async function withdrawalRoutes(app: ServiceApp): Promise<void> {
  const withdrawals = WITHDRAWALS.in(app.db);
  const tutorOnly = requireRole('tutor');
  const confirm = stepUpFor(app);
  const hold = () => ({ holdDays: earningsSettings.of(app).PAYOUT_HOLD_DAYS });

  app.get(
    '/api/v1/get-available-balance',
    {
      preHandler: tutorOnly,
      schema: {
        summary: 'Earnings that can be withdrawn now, and those held back, in rupees',
        description:
          'A credit is withdrawable once the payout hold (PAYOUT_HOLD_DAYS after the sale) has passed and while its payment is not disputed.',
        response: { 200: Balance },
      },
    },
    async (request) => balanceOf(await tutorPosition(app.db, caller(request).userId, hold())),
  );

  app.post(
    '/api/v1/withdraw-request',
    {
      preHandler: tutorOnly,
      schema: {
        summary: 'Withdraw the whole withdrawable balance (above ₹1000, bank details required)',
        description: 'Any `amount` sent is ignored: a withdrawal always takes the whole balance.',
        body: WithdrawBody,
        response: { 201: MessageReply, 400: MessageReply, 403: MessageReply, 429: MessageReply },
      },
    },
    async (request, reply) => {
      const who = caller(request);
      await confirm(who, request.body?.currPass, request.id);
      const outcome = await requestWithdrawal(app.db, app.outbox, who, hold(), request.id);
      if (outcome.kind === 'refused') throw badRequest(outcome.message);
      return reply.status(201).send({
        message: `Withdrawal request of ₹${toRupees(outcome.withdrawal.amountPaise)} submitted successfully`,
      });
    },
  );

  app.get(
    '/api/v1/user-withdrawals',
    {
      preHandler: tutorOnly,
      schema: {
        summary: "The tutor's withdrawals, newest first, a page at a time",
        ...paging.schema({ withdrawals: Type.Array(OwnWithdrawal) }),
      },
    },
    async (request) => {
      const page = paging.request(request.query);
      const mine = { tutorId: caller(request).userId };
      const { items: list, total } = await paging.find(withdrawals, mine, { seq: -1 }, page);
      return { ...paging.fields(total, page), withdrawals: list.map(ownWithdrawal) };
    },
  );
}

/** The admin's side: every withdrawal request, and confirming them. */
export async function withdrawalAdminRoutes(app: ServiceApp): Promise<void> {
  const withdrawals = WITHDRAWALS.in(app.db);
  const adminOnly = requireRole('admin');

  app.get(
    '/api/v1/withdrawl-history',
    {
      preHandler: adminOnly,
      schema: {
        summary:
          'Every withdrawal request, newest first, with the tutor and the account to pay, a page at a time',
        ...paging.schema({ withdrawls: Type.Array(AdminWithdrawal) }),
      },
    },
    async (request) => {
      const page = paging.request(request.query);
      const { items: list, total } = await paging.find(withdrawals, {}, { requestedAt: -1 }, page);
      const known = await usersByIds(app.db, [...new Set(list.map((doc) => doc.tutorId))]);
      return {
        ...paging.fields(total, page),
        withdrawls: list.map((doc) => adminWithdrawal(doc, known.get(doc.tutorId))),
      };
    },
  );

  app.put(
    '/api/v1/confirm-withdrawlRequest/:id',
    {
      preHandler: adminOnly,
      schema: {
        summary: 'Set a withdrawal to Processing or Success',
        params: Type.Object({ id: ObjectIdString }),
        body: Type.Object({
          status: Type.String({
            enum: [...WITHDRAWAL_STATUSES],
            errorMessage: 'Status must be Processing or Success',
          }),
        }),
        response: { 200: MessageReply, 400: MessageReply, 404: MessageReply, 409: MessageReply },
      },
    },
    async (request) => {
      const { status } = request.body;
      if (!isWithdrawalStatus(status)) throw badRequest('Status must be Processing or Success');
      const _id = new ObjectId(request.params.id);
      const change = await setWithdrawalStatus(app.db, app.outbox, _id, status, request.id);
      if (change === 'missing') throw notFound('Withdrawal request not found');
      if (change === 'already') return { message: `Withdrawal is already ${status}` };
      if (change === 'raced') throw conflict('The withdrawal changed meanwhile, please reload');
      return { message: `Withdrawal status updated to ${status}` };
    },
  );
}
