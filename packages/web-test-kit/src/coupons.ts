import type { Coupon, CouponBody } from '@liveedu/api-client';
import { type ApiRequest, json } from './api-server.ts';

/**
 * Coupon `n` (code CODE`n`) as payments answers it: 10% off every course through December 2026,
 * once a student, not yet used, on; `fields` override what the test cares about.
 */
export function couponOf(n: number, fields: Partial<Coupon> = {}): Coupon {
  return {
    _id: `k${n}`,
    code: `CODE${n}`,
    courseId: null,
    scope: 'platform',
    percentOff: 10,
    startsAt: '2026-12-01T04:30:00.000Z',
    endsAt: '2026-12-31T18:29:00.000Z',
    perUser: 1,
    used: 0,
    active: true,
    createdAt: '2026-11-01T00:00:00.000Z',
    ...fields,
  };
}

/**
 * Payments' coupon calls over `all` (newest first), answered as the service answers them: a new
 * code is refused as it refuses one (not 4–20 letters or digits 400, taken 409, a window that ends
 * before it starts 400) and goes first, for its course or else with `scope` (whose coupons these
 * are); a switch changes `active`. `failList` makes the list unavailable while it says so. Any
 * other call answers undefined, for the test's own routes.
 */
export function couponCalls({
  all,
  scope,
  failList,
}: {
  all: Coupon[];
  scope: Coupon['scope'];
  failList?: () => boolean;
}): (request: ApiRequest) => Response | undefined {
  return (request) => {
    const { pathname } = new URL(`http://x${request.path}`);
    if (pathname === '/api/v1/coupons' && request.method === 'GET') {
      if (failList?.()) return json({ message: 'Coupons are unavailable' }, 503);
      return json({ data: all, total: all.length, page: 1, pages: 1 });
    }
    if (pathname === '/api/v1/coupons' && request.method === 'POST') {
      const body = request.body as CouponBody;
      if (!/^[A-Za-z0-9]{4,20}$/.test(body.code)) {
        return json({ message: 'body/code must match pattern "^[A-Za-z0-9]{4,20}$"' }, 400);
      }
      if (all.some((c) => c.code === body.code.toUpperCase())) {
        return json({ message: 'A coupon with this code exists already' }, 409);
      }
      if (Date.parse(body.startsAt) >= Date.parse(body.endsAt)) {
        return json({ message: 'startsAt must be before endsAt' }, 400);
      }
      const made = couponOf(all.length + 1, {
        code: body.code.toUpperCase(),
        courseId: body.courseId ?? null,
        scope: body.courseId ? 'course' : scope,
        percentOff: body.percentOff,
        ...(body.amountOff ? { amountOff: body.amountOff } : {}),
        startsAt: body.startsAt,
        endsAt: body.endsAt,
        ...(body.maxUses ? { maxUses: body.maxUses } : {}),
        perUser: body.perUser ?? 1,
      });
      all.unshift(made);
      return json(made, 201);
    }
    const switched = /^\/api\/v1\/coupons\/(\w+)$/.exec(pathname);
    if (switched && request.method === 'PUT') {
      const at = all.findIndex((c) => c._id === switched[1]);
      if (at < 0) return json({ message: 'Coupon not found' }, 404);
      all[at] = { ...all[at]!, active: (request.body as { active: boolean }).active };
      return json(all[at]);
    }
    return undefined;
  };
}
