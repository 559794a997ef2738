import { TEST_CARDS } from './pages.ts';

/** Builds the URL of the hosted checkout page (what checkout.js opens) for an order. */
export function buildCheckoutPageUrl(
  sandboxUrl: string,
  opts: {
    keyId: string;
    orderId: string;
    callbackUrl: string;
    name?: string;
    description?: string;
    prefill?: { name?: string; email?: string; contact?: string };
    notes?: Record<string, string>;
    cancelUrl?: string;
  },
): string {
  const url = new URL(`${sandboxUrl.replace(/\/+$/, '')}/v1/checkout/embedded`);
  url.searchParams.set('key_id', opts.keyId);
  url.searchParams.set('order_id', opts.orderId);
  url.searchParams.set('callback_url', opts.callbackUrl);
  if (opts.cancelUrl) url.searchParams.set('cancel_url', opts.cancelUrl);
  if (opts.name) url.searchParams.set('name', opts.name);
  if (opts.description) url.searchParams.set('description', opts.description);
  for (const [k, v] of Object.entries(opts.prefill ?? {})) {
    if (v !== undefined) url.searchParams.set(`prefill[${k}]`, v);
  }
  for (const [k, v] of Object.entries(opts.notes ?? {})) url.searchParams.set(`notes[${k}]`, v);
  return url.toString();
}

export interface PayOrderOverHttpOptions {
  /** The hosted page URL; or give sandboxUrl + keyId + orderId + callbackUrl to build it. */
  checkoutPageUrl?: string;
  sandboxUrl?: string;
  keyId?: string;
  orderId?: string;
  callbackUrl?: string;
  name?: string;
  description?: string;
  prefill?: { name?: string; email?: string; contact?: string };
  notes?: Record<string, string>;
  /** Card number as typed (spaces allowed); default the success test card. */
  card?: string;
  expiry?: string;
  cvv?: string;
  cardName?: string;
  /** Overrides the prefilled email / phone on the form. */
  email?: string;
  contact?: string;
  /** After a success, POST the callback form to the callback URL as the browser would. */
  followCallback?: boolean;
  /** Extra headers (e.g. a cookie) for the callback POST. */
  callbackHeaders?: Record<string, string>;
}

export interface CallbackResponse {
  status: number;
  location: string | null;
  headers: Headers;
  body: string;
}

export type PayOrderOverHttpResult =
  | {
      outcome: 'success';
      /** Where the page's auto-submitting form posts. */
      callbackUrl: string;
      fields: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
      callbackResponse?: CallbackResponse;
    }
  | {
      outcome: 'declined';
      message: string;
      /** The `error[...]` fields the page offers to post back to the callback URL, if it does. */
      failureForm?: { action: string; fields: Record<string, string> };
    };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (all, name: string) => {
    if (name in ENTITIES) return ENTITIES[name]!;
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return all;
  });
}

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([a-zA-Z_:][\w:.-]*)\s*=\s*"([^"]*)"/g))
    out[m[1]!.toLowerCase()] = decodeEntities(m[2]!);
  return out;
}

/** Finds `<form id=...>` in a page and returns its action and the named inputs with their values. */
export function readForm(
  page: string,
  id: string,
): { action: string; method: string; fields: Record<string, string> } | null {
  for (const m of page.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const attrs = attributes(m[1]!);
    if (attrs.id !== id) continue;
    const fields: Record<string, string> = {};
    for (const input of m[2]!.matchAll(/<input\b([^>]*)>/gi)) {
      const a = attributes(input[1]!);
      if (a.name !== undefined) fields[a.name] = a.value ?? '';
    }
    return { action: attrs.action ?? '', method: (attrs.method ?? 'get').toLowerCase(), fields };
  }
  return null;
}

function textOf(page: string, id: string): string | null {
  const m = new RegExp(`<(\\w+)\\b[^>]*\\bid="${id}"[^>]*>([\\s\\S]*?)</\\1>`).exec(page);
  if (!m) return null;
  return decodeEntities(m[2]!.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]+>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

function outcomeOf(page: string): string | null {
  return /<main\b[^>]*\bdata-outcome="([^"]+)"/.exec(page)?.[1] ?? null;
}

/**
 * Pays an order by driving the sandbox's hosted checkout page over HTTP, as a browser does: GET the
 * page, fill in and POST its card form, then read the auto-submitting form that carries the signed
 * fields to the callback URL (and, with `followCallback`, POST it there).
 */
export async function payOrderOverHttp(opts: PayOrderOverHttpOptions): Promise<PayOrderOverHttpResult> {
  let pageUrl = opts.checkoutPageUrl;
  if (!pageUrl) {
    if (!opts.sandboxUrl || !opts.keyId || !opts.orderId || !opts.callbackUrl) {
      throw new Error(
        'payOrderOverHttp needs checkoutPageUrl, or sandboxUrl + keyId + orderId + callbackUrl',
      );
    }
    pageUrl = buildCheckoutPageUrl(opts.sandboxUrl, {
      keyId: opts.keyId,
      orderId: opts.orderId,
      callbackUrl: opts.callbackUrl,
      name: opts.name,
      description: opts.description,
      prefill: opts.prefill,
      notes: opts.notes,
    });
  }
  const pageRes = await fetch(pageUrl);
  const page = await pageRes.text();
  const form = readForm(page, 'rzp-pay-form');
  if (!pageRes.ok || !form) {
    throw new Error(`checkout page ${pageRes.status}: ${textOf(page, 'rzp-error') ?? page.slice(0, 200)}`);
  }
  const fields = { ...form.fields };
  if (opts.email !== undefined) fields.email = opts.email;
  if (opts.contact !== undefined) fields.contact = opts.contact;
  fields['card[number]'] = opts.card ?? TEST_CARDS.success;
  fields['card[expiry]'] = opts.expiry ?? '12/39';
  fields['card[cvv]'] = opts.cvv ?? '123';
  if (opts.cardName !== undefined) fields['card[name]'] = opts.cardName;

  const submitRes = await fetch(new URL(form.action, pageUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const result = await submitRes.text();
  const outcome = outcomeOf(result);
  if (outcome === 'declined') {
    const failure = readForm(result, 'rzp-failure-form');
    return {
      outcome: 'declined',
      message: textOf(result, 'rzp-declined') ?? 'Payment declined',
      failureForm: failure
        ? { action: new URL(failure.action, pageUrl).toString(), fields: failure.fields }
        : undefined,
    };
  }
  const callback = outcome === 'success' ? readForm(result, 'rzp-callback-form') : null;
  if (!callback) {
    throw new Error(
      `payment form ${submitRes.status}: ${textOf(result, 'rzp-error') ?? outcome ?? result.slice(0, 200)}`,
    );
  }
  const signed = {
    razorpay_payment_id: callback.fields.razorpay_payment_id ?? '',
    razorpay_order_id: callback.fields.razorpay_order_id ?? '',
    razorpay_signature: callback.fields.razorpay_signature ?? '',
  };
  const callbackUrl = new URL(callback.action, pageUrl).toString();
  if (!opts.followCallback) return { outcome: 'success', callbackUrl, fields: signed };
  const cbRes = await fetch(callbackUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...opts.callbackHeaders },
    body: new URLSearchParams(callback.fields).toString(),
    redirect: 'manual',
  });
  return {
    outcome: 'success',
    callbackUrl,
    fields: signed,
    callbackResponse: {
      status: cbRes.status,
      location: cbRes.headers.get('location'),
      headers: cbRes.headers,
      body: await cbRes.text(),
    },
  };
}
