import type { Coupon, CouponBody } from '@liveedu/api-client';
import { formatRupees } from './text.ts';

/** What the coupon form holds: the text of each field, as typed. */
export interface CouponDraft {
  code: string;
  /** '' for every course the maker may make one for (all the tutor's, or all of them). */
  courseId: string;
  kind: 'percent' | 'amount';
  /** Percent off (a whole number) or rupees off, as typed. */
  discount: string;
  /** `datetime-local` values, in the browser's time zone. */
  startsAt: string;
  endsAt: string;
  /** '' for no limit. */
  maxUses: string;
  perUser: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A `datetime-local` value of an instant, in the browser's time zone, to the minute. */
export function localDateTime(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A new form: a percentage off, from now for 30 days, one use per student, no overall limit. */
export function emptyCouponDraft(now: Date = new Date()): CouponDraft {
  return {
    code: '',
    courseId: '',
    kind: 'percent',
    discount: '',
    startsAt: localDateTime(now),
    endsAt: localDateTime(new Date(now.getTime() + 30 * DAY_MS)),
    maxUses: '',
    perUser: '1',
  };
}

/** A typed number as sent: the number when the text is one, else the text itself, for the server to refuse. */
const numberOrText = (text: string): number => {
  const trimmed = text.trim();
  const n = Number(trimmed);
  return (trimmed !== '' && Number.isFinite(n) ? n : trimmed) as number;
};

/**
 * What the form sends. Only what cannot be written in the request at all is refused here (a
 * missing date or discount); every other rule (the code's letters, the limits, the order of the
 * dates, a code taken already) is the server's, and its message is shown as it says it.
 */
export function couponBodyOf(
  draft: CouponDraft,
): { ok: true; body: CouponBody } | { ok: false; message: string } {
  if (draft.discount.trim() === '') {
    return {
      ok: false,
      message: draft.kind === 'percent' ? 'Enter the percent off' : 'Enter the amount off',
    };
  }
  const startsAt = new Date(draft.startsAt);
  const endsAt = new Date(draft.endsAt);
  if (
    !draft.startsAt ||
    !draft.endsAt ||
    Number.isNaN(startsAt.getTime()) ||
    Number.isNaN(endsAt.getTime())
  ) {
    return { ok: false, message: 'Choose when the coupon starts and ends' };
  }
  const discount = numberOrText(draft.discount);
  return {
    ok: true,
    body: {
      code: draft.code.trim(),
      courseId: draft.courseId || null,
      ...(draft.kind === 'percent' ? { percentOff: discount } : { amountOff: discount }),
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      ...(draft.maxUses.trim() === '' ? {} : { maxUses: numberOrText(draft.maxUses) }),
      perUser: draft.perUser.trim() === '' ? 1 : numberOrText(draft.perUser),
    },
  };
}

/** `20% off` or `₹200.00 off`. */
export function couponDiscount(coupon: Pick<Coupon, 'percentOff' | 'amountOff'>): string {
  if (typeof coupon.percentOff === 'number') return `${coupon.percentOff}% off`;
  return `${formatRupees(coupon.amountOff)} off`;
}

const when = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** When a coupon works, in India's time: `1 Dec 2026, 10:00 am – 31 Dec 2026, 11:59 pm`. */
export function couponWindow(coupon: Pick<Coupon, 'startsAt' | 'endsAt'>): string {
  return `${when.format(new Date(coupon.startsAt))} – ${when.format(new Date(coupon.endsAt))}`;
}

/** Uses taken of the limit: `3 / 100`, or `3 / no limit`. */
export function couponUses(coupon: Pick<Coupon, 'used' | 'maxUses'>): string {
  return `${coupon.used} / ${typeof coupon.maxUses === 'number' ? coupon.maxUses : 'no limit'}`;
}
