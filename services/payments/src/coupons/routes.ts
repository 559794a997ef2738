import type { CallerIdentity } from '@liveedu/contracts';
import {
  badRequest,
  caller,
  conflict,
  errorResponses,
  forbidden,
  MessageReply,
  notFound,
  ObjectIdString,
  paging,
  requireUser,
  type ServiceApp,
  Type,
} from '@liveedu/service-kit';
import type { FastifyRequest } from 'fastify';
import { ObjectId } from 'mongodb';
import { paymentsDeps } from '../checkout/deps.ts';
import { paiseToRupees } from '../payments/domain.ts';
import { acceptance, CODE_PATTERN, couponTermsOf, MAX_AMOUNT_OFF_RUPEES, scopeOf } from './domain.ts';
import { CouponView, couponView } from './present.ts';
import { priceWithCoupon } from './reservations.ts';
import { couponPage, insertCoupon, setActive } from './store.ts';

const CouponBody = Type.Object({
  code: Type.String({
    pattern: CODE_PATTERN,
    description: '4 to 20 letters and digits; unique whatever the case, stored in upper case',
  }),
  courseId: Type.Optional(
    Type.Union([ObjectIdString, Type.Null()], {
      description:
        "The course it is for; null (or left out) for all the tutor's courses, or all courses (admin)",
    }),
  ),
  percentOff: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, description: 'Give this or amountOff' }),
  ),
  amountOff: Type.Optional(
    Type.Number({
      minimum: 0.01,
      maximum: MAX_AMOUNT_OFF_RUPEES,
      description: 'Rupees (at most 2 decimals) off each course; give this or percentOff',
    }),
  ),
  startsAt: Type.String({ format: 'date-time' }),
  endsAt: Type.String({ format: 'date-time', description: 'After startsAt; the coupon works until then' }),
  maxUses: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000_000 })),
  perUser: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
});

const CheckReply = Type.Object({
  valid: Type.Boolean(),
  /** Rupees: the course's price, and what it costs with the coupon (the price when not valid). */
  price: Type.Number(),
  discounted: Type.Number(),
  message: Type.String(),
});

/** Coupons are made by tutors (for their own courses) and the admin (for any): their role, or 403. */
function maker(request: FastifyRequest): CallerIdentity & { role: 'tutor' | 'admin' } {
  const who = caller(request);
  if (who.role === 'student') throw forbidden('Only tutors and the admin make coupons');
  return who as CallerIdentity & { role: 'tutor' | 'admin' };
}

/** Anonymous checks ask the catalog as a buyer who has nothing. */
const NOBODY = '000000000000000000000000';

/** The course a coupon names, as the catalog sells it; 404 when there is none. */
async function courseOf(app: ServiceApp, courseId: string, buyerId: string, requestId: string) {
  const sale = await paymentsDeps(app).catalog.call(
    'courseForSale',
    { params: { courseId }, query: { buyerId } },
    requestId,
  );
  if (!sale.ok) throw notFound('Course not found');
  return sale.body;
}

/** Making a coupon. */
export async function couponMakingRoutes(app: ServiceApp): Promise<void> {
  app.post(
    '/api/v1/coupons',
    {
      preHandler: requireUser,
      schema: {
        summary:
          "A coupon: a tutor's for one of their courses or all of them, the admin's for any course or all",
        body: CouponBody,
        response: { 201: CouponView, ...errorResponses, 409: MessageReply, 503: MessageReply },
      },
    },
    async (request, reply) => {
      const who = maker(request);
      const asked = { ...request.body, courseId: request.body.courseId ?? null };
      const terms = couponTermsOf(asked);
      if (!terms.ok) throw badRequest(terms.message);
      let tutorId: string | null = who.role === 'tutor' ? who.userId : null;
      if (asked.courseId !== null) {
        const sold = await courseOf(app, asked.courseId, who.userId, request.id);
        if (who.role === 'tutor' && sold.tutorId !== who.userId) {
          throw forbidden('You can only make coupons for your own courses');
        }
        tutorId = sold.tutorId;
      }
      const coupon = {
        _id: new ObjectId(),
        code: terms.code,
        ownerId: who.userId,
        ownerRole: who.role,
        scope: scopeOf(who.role, asked.courseId),
        courseId: asked.courseId,
        tutorId,
        ...terms.discount,
        startsAt: terms.startsAt,
        endsAt: terms.endsAt,
        ...(terms.maxUses !== undefined ? { maxUses: terms.maxUses } : {}),
        perUser: terms.perUser,
        used: 0,
        held: [],
        active: true,
        createdAt: new Date(),
      };
      if (!(await insertCoupon(app.db, coupon))) throw conflict('A coupon with this code exists already');
      return reply.code(201).send(couponView(coupon));
    },
  );
}

/** A maker's coupons: the list, and switching one on or off. */
export async function couponListRoutes(app: ServiceApp): Promise<void> {
  app.get(
    '/api/v1/coupons',
    {
      preHandler: requireUser,
      schema: {
        summary: "The caller's coupons (the admin's: everyone's), newest first, a page at a time",
        ...paging.schema(
          { data: Type.Array(CouponView) },
          { query: { courseId: Type.Optional(ObjectIdString) }, responses: errorResponses },
        ),
      },
    },
    async (request) => {
      const who = maker(request);
      const page = paging.request(request.query);
      const { items, total } = await couponPage(
        app.db,
        {
          ...(who.role === 'tutor' ? { ownerId: who.userId } : {}),
          ...(request.query.courseId ? { courseId: request.query.courseId } : {}),
        },
        page,
      );
      return { data: items.map(couponView), ...paging.fields(total, page) };
    },
  );

  app.put(
    '/api/v1/coupons/:couponId',
    {
      preHandler: requireUser,
      schema: {
        summary: 'Switch a coupon on or off (its maker, or the admin)',
        params: Type.Object({ couponId: ObjectIdString }),
        body: Type.Object({ active: Type.Boolean() }),
        response: { 200: CouponView, ...errorResponses },
      },
    },
    async (request) => {
      const who = maker(request);
      const owner = who.role === 'tutor' ? who.userId : undefined;
      const changed = await setActive(
        app.db,
        new ObjectId(request.params.couponId),
        request.body.active,
        owner,
      );
      if (!changed) throw notFound('Coupon not found');
      return couponView(changed);
    },
  );
}

/** What a course costs with a code: public, limited per address by the gateway. */
export async function couponCheckRoutes(app: ServiceApp): Promise<void> {
  app.get(
    '/api/v1/coupons/check',
    {
      schema: {
        summary: "What a course costs with a coupon code (a signed-in buyer's own uses counted too)",
        description:
          'An unknown code is `valid: false` with a message, like any other refusal; an unknown course is 404.',
        querystring: Type.Object({
          code: Type.String({ minLength: 1, maxLength: 64 }),
          courseId: ObjectIdString,
        }),
        response: { 200: CheckReply, 400: MessageReply, 404: MessageReply, 503: MessageReply },
      },
    },
    async (request) => {
      const buyerId = request.identity?.userId;
      const sold = await courseOf(app, request.query.courseId, buyerId ?? NOBODY, request.id);
      const line = { courseId: sold._id, tutorId: sold.tutorId, pricePaise: sold.pricePaise };
      // A visitor holds no uses: their check counts the coupon's alone.
      const priced = await priceWithCoupon(app.db, request.query.code, [line], buyerId ?? '', new Date());
      const price = paiseToRupees(sold.pricePaise);
      if (!priced.ok) return { valid: false, price, discounted: price, message: priced.message };
      const payable = priced.lines[0]?.payablePaise ?? sold.pricePaise;
      return { valid: true, price, discounted: paiseToRupees(payable), message: acceptance(payable) };
    },
  );
}
