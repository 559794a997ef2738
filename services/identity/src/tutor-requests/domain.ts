import { TZDate } from '@date-fns/tz';
import { PLATFORM_TIME_ZONE } from '@liveedu/calendar';
import { addDays, format } from 'date-fns';
import type { PageStatus } from '../accounts/domain.ts';

/** A rejected applicant may apply again this many days after the decision. */
export const REAPPLY_AFTER_DAYS = 60;

export type ApplicationRefusal = { status: 400 | 403 | 409; message: string };

/** The first instant a rejected applicant may apply again. */
export const reapplyFrom = (decidedAt: Date): Date => addDays(decidedAt, REAPPLY_AFTER_DAYS);

/** Whether this user may send a tutor application now; null when they may. */
export function applicationRefusal(
  user: { role: string; stausOfPage: PageStatus; decidedAt?: Date },
  now: Date,
): ApplicationRefusal | null {
  if (user.role === 'admin')
    return { status: 403, message: 'The admin account cannot apply to become a tutor' };
  if (user.role === 'tutor' || user.stausOfPage === 'accept') {
    return { status: 409, message: 'You are already a tutor' };
  }
  if (user.stausOfPage === 'in progress') {
    return { status: 409, message: 'Your application to become a tutor is already under review' };
  }
  if (user.stausOfPage === 'reject' && user.decidedAt) {
    const from = reapplyFrom(user.decidedAt);
    if (from > now) {
      const when = format(new TZDate(from, PLATFORM_TIME_ZONE), 'd MMMM yyyy');
      return {
        status: 400,
        message: `Your application was rejected. You can apply again after 60 days, on ${when}.`,
      };
    }
  }
  return null;
}

/** A YouTube channel (or any) link must be an http(s) URL; null when acceptable. */
export const LINK_RULE = 'Please enter a valid link starting with http:// or https://';

export function ytLinkProblem(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return LINK_RULE;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    return LINK_RULE;
  }
  if (link.length > 2000) return 'The link is too long';
  return null;
}

export type DecisionOption = 'in progress' | 'accept' | 'reject';
export const DECISION_OPTIONS: readonly DecisionOption[] = ['in progress', 'accept', 'reject'];
