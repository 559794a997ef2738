import { createHmac, timingSafeEqual } from 'node:crypto';
import { isKind, KIND_HEADINGS, KIND_NAMES, KINDS, type Kind } from '../preferences/domain.ts';

/** What an unsubscribe token says: whose mails, and of which kinds, to stop. */
export interface UnsubscribeClaim {
  userId: string;
  kinds: Kind[];
}

const USER_ID = /^[0-9a-f]{24}$/i;

const signature = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`unsubscribe.${payload}`).digest('base64url');

/**
 * A token a mail's unsubscribe link carries: the claim in base64url JSON, a dot, and its
 * HMAC-SHA256 under the service's secret, so only this service can make one.
 */
export function signUnsubscribe(secret: string, claim: UnsubscribeClaim): string {
  const payload = Buffer.from(JSON.stringify({ u: claim.userId, k: claim.kinds })).toString('base64url');
  return `${payload}.${signature(secret, payload)}`;
}

/** The claim of a token this service signed; null for anything else (forged, cut, altered). */
export function verifyUnsubscribe(secret: string, token: string): UnsubscribeClaim | null {
  const [payload, signed, ...rest] = token.split('.');
  if (!payload || !signed || rest.length > 0) return null;
  const expected = Buffer.from(signature(secret, payload));
  const given = Buffer.from(signed);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let claim: unknown;
  try {
    claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const { u, k } = (claim ?? {}) as { u?: unknown; k?: unknown };
  if (typeof u !== 'string' || !USER_ID.test(u)) return null;
  if (!Array.isArray(k) || k.length === 0 || !k.every(isKind)) return null;
  return { userId: u, kinds: [...new Set(k)] };
}

/** The public address of the API's unsubscribe call for a token (what `List-Unsubscribe` names). */
export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api/v1/notifications/unsubscribe?token=${encodeURIComponent(token)}`;

/** The RFC 8058 headers every mail carries: the link, and that one POST to it is enough. */
export const unsubscribeHeaders = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/** What a mail says of one notification. */
export interface MailedNotification {
  kind: Kind;
  title: string;
  /** A site path (`/profile`), made absolute in the mail. */
  link: string;
}

export interface ComposedMail {
  subject: string;
  text: string;
}

const greeting = (name: string | undefined) => (name ? `Hello ${name},` : 'Hello,');

/** One notification mailed at once. */
export function instantMail(
  notification: MailedNotification,
  opts: { publicUrl: string; name?: string | undefined; unsubscribe: string },
): ComposedMail {
  return {
    subject: notification.title,
    text: [
      greeting(opts.name),
      '',
      notification.title,
      `${opts.publicUrl}${notification.link}`,
      '',
      `You get this mail because ${KIND_NAMES[notification.kind]} mails are on in your notification settings.`,
      `To stop them: ${opts.unsubscribe}`,
    ].join('\n'),
  };
}

/** A digest's notifications grouped by kind, in the order kinds are listed, each group oldest first. */
export function groupForDigest<N extends MailedNotification & { createdAt: Date }>(
  notifications: readonly N[],
): { kind: Kind; items: N[] }[] {
  return KINDS.map((kind) => ({
    kind,
    items: notifications
      .filter((n) => n.kind === kind)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
  })).filter((group) => group.items.length > 0);
}

/** The daily digest: the day's notifications under a heading per kind, each kind with its own way out. */
export function digestMail(
  notifications: readonly (MailedNotification & { createdAt: Date })[],
  opts: {
    publicUrl: string;
    name?: string | undefined;
    /** The unsubscribe address of each kind in the digest. */
    unsubscribe: (kind: Kind) => string;
  },
): ComposedMail {
  const groups = groupForDigest(notifications);
  const count = notifications.length;
  const lines = [greeting(opts.name), '', `Here is what happened on LiveEdu since your last digest.`];
  for (const group of groups) {
    lines.push('', `${KIND_HEADINGS[group.kind]} (${group.items.length})`);
    for (const item of group.items) lines.push(`- ${item.title}`, `  ${opts.publicUrl}${item.link}`);
    lines.push(`  Stop ${KIND_NAMES[group.kind]} mails: ${opts.unsubscribe(group.kind)}`);
  }
  return {
    subject: `Your LiveEdu digest: ${count} new notification${count === 1 ? '' : 's'}`,
    text: lines.join('\n'),
  };
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The digest time last reached at `now`: today's at `hour` (UTC) once it has passed, else
 * yesterday's. A digest holds what arrived before it, and goes once per user per slot.
 */
export function digestSlot(now: Date, hour: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + hour * HOUR_MS;
  return new Date(today <= now.getTime() ? today : today - DAY_MS);
}

/** The page a user reads after unsubscribing. */
export function unsubscribedPage(kinds: readonly Kind[]): string {
  const names = kinds.map((kind) => KIND_NAMES[kind]);
  const what =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Unsubscribed — LiveEdu</title>',
    '<meta name="viewport" content="width=device-width, initial-scale=1"></head>',
    `<body><h1>Unsubscribed</h1><p>You will no longer get ${what} mails.</p>`,
    '<p>You still see these notifications on the site, and you can turn the mails on again in your notification settings.</p>',
    '</body></html>',
  ].join('\n');
}
