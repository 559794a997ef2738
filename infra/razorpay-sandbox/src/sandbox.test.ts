import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runInNewContext } from 'node:vm';
import Razorpay from 'razorpay';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCheckoutPageUrl,
  DEFAULT_KEY,
  DEFAULT_WEBHOOK_SECRET,
  type PayOrderOverHttpOptions,
  payOrderOverHttp,
  type RazorpaySandbox,
  startRazorpaySandbox,
  TEST_CARDS,
} from './index.ts';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  raw: string;
}

/** A plain HTTP server that records what it is sent; `status` decides the answer. */
async function receiver(status: (r: Received, n: number) => number = () => 200) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        raw: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(r);
      res.statusCode = status(r, received.length);
      if (res.statusCode === 302) res.setHeader('location', '/paymentsuccess');
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function waitFor<T>(fn: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const SECOND_KEY = { id: 'rzp_test_second', secret: 'second_secret' };

let sandbox: RazorpaySandbox;
let hooks: Awaited<ReturnType<typeof receiver>>;
let merchant: Awaited<ReturnType<typeof receiver>>;

/** The official SDK pointed at the sandbox, as the payments service's factory does it. */
function sdk(key: { id: string; secret: string } = DEFAULT_KEY): Razorpay {
  const rzp = new Razorpay({ key_id: key.id, key_secret: key.secret });
  (rzp.api as unknown as { rq: { defaults: { baseURL?: string } } }).rq.defaults.baseURL = sandbox.apiUrl;
  return rzp;
}

async function sdkError(
  p: Promise<unknown>,
): Promise<{ statusCode: number; error: { code: string; description: string; field?: string | null } }> {
  try {
    await p;
  } catch (e) {
    return e as never;
  }
  throw new Error('expected the SDK call to fail');
}

/** Pays the order on the hosted page, as a browser returning to the merchant's `/cb`; `opts` win. */
function payAtMerchant(orderId: string, opts: Partial<PayOrderOverHttpOptions> = {}) {
  return payOrderOverHttp({
    sandboxUrl: sandbox.url,
    keyId: DEFAULT_KEY.id,
    orderId,
    callbackUrl: `${merchant.url}/cb`,
    ...opts,
  });
}

function webhookEvents() {
  return hooks.received.map((r) => ({ ...r, body: JSON.parse(r.raw) as Record<string, never> }));
}

beforeAll(async () => {
  hooks = await receiver();
  merchant = await receiver(() => 302);
  sandbox = await startRazorpaySandbox({
    keys: [DEFAULT_KEY, SECOND_KEY],
    webhookUrl: `${hooks.url}/webhooks/razorpay`,
    webhookRetryDelaysMs: [50, 100],
  });
});

afterAll(async () => {
  await sandbox?.stop();
  await hooks?.close();
  await merchant?.close();
});

describe('Orders API through the official SDK', () => {
  it('creates and fetches an order shaped like Razorpay', async () => {
    const rzp = sdk();
    const before = Math.floor(Date.now() / 1000);
    const order = await rzp.orders.create({
      amount: 49900,
      currency: 'INR',
      receipt: 'rcpt_1',
      notes: { courseId: 'c1', studentId: 's1', tutorId: 't1' },
    });
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(order).toMatchObject({
      entity: 'order',
      amount: 49900,
      amount_paid: 0,
      amount_due: 49900,
      currency: 'INR',
      receipt: 'rcpt_1',
      status: 'created',
      attempts: 0,
      notes: { courseId: 'c1', studentId: 's1', tutorId: 't1' },
    });
    expect(order.created_at).toBeGreaterThanOrEqual(before);
    expect(await rzp.orders.fetch(order.id)).toEqual(order);
    expect(await rzp.orders.fetchPayments(order.id)).toEqual({ entity: 'collection', count: 0, items: [] });
    const list = await rzp.orders.all({ receipt: 'rcpt_1' });
    expect(list.items.map((o) => o.id)).toContain(order.id);
  });

  it('returns notes as an empty array when none are given, as Razorpay does', async () => {
    const order = await sdk().orders.create({ amount: 100, currency: 'INR' });
    expect(order.notes).toEqual([]);
    expect(order.receipt).toBeNull();
  });

  it('rejects bad input with Razorpay-shaped 400 errors', async () => {
    const rzp = sdk();
    const low = await sdkError(rzp.orders.create({ amount: 99, currency: 'INR' }));
    expect(low.statusCode).toBe(400);
    expect(low.error).toMatchObject({ code: 'BAD_REQUEST_ERROR', field: 'amount' });
    const frac = await sdkError(rzp.orders.create({ amount: 100.5, currency: 'INR' }));
    expect(frac.statusCode).toBe(400);
    expect(frac.error.description).toMatch(/integer/);
    const extra = await sdkError(rzp.orders.create({ amount: 1000, currency: 'INR', offer_id: 'offer_x' }));
    expect(extra.error.description).toMatch(/offer_id/);
    const missing = await sdkError(rzp.orders.fetch('order_AAAAAAAAAAAAAA'));
    expect(missing).toMatchObject({
      statusCode: 400,
      error: { description: 'The id provided does not exist' },
    });
    const invalid = await sdkError(rzp.orders.fetch('nope'));
    expect(invalid.error.description).toBe('nope is not a valid id');
    const pay = await sdkError(rzp.payments.fetch('pay_AAAAAAAAAAAAAA'));
    expect(pay.statusCode).toBe(400);

    const auth = `Basic ${Buffer.from(`${DEFAULT_KEY.id}:${DEFAULT_KEY.secret}`).toString('base64')}`;
    const badJson = await fetch(`${sandbox.apiUrl}/v1/orders`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: '{"amount":',
    });
    expect(badJson.status).toBe(400);
    expect(((await badJson.json()) as { error: { code: string } }).error.code).toBe('BAD_REQUEST_ERROR');
    const noCurrency = await fetch(`${sandbox.apiUrl}/v1/orders`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 500 }),
    });
    expect(noCurrency.status).toBe(400);
    const tooManyNotes = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`k${i}`, 'v']));
    const notes = await sdkError(rzp.orders.create({ amount: 500, currency: 'INR', notes: tooManyNotes }));
    expect(notes.error.field).toBe('notes');
    // Form-encoded bodies work too, with notes[key] fields.
    const form = await fetch(`${sandbox.apiUrl}/v1/orders`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'amount=1500&currency=INR&notes%5Bk%5D=v',
    });
    expect(form.status).toBe(200);
    expect(await form.json()).toMatchObject({ amount: 1500, notes: { k: 'v' } });
  });

  it('answers 401 to a wrong secret, an unknown key and no credentials', async () => {
    const wrongSecret = await sdkError(
      sdk({ id: DEFAULT_KEY.id, secret: 'wrong' }).orders.create({ amount: 1000, currency: 'INR' }),
    );
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.error.code).toBe('BAD_REQUEST_ERROR');
    const unknownKey = await sdkError(
      sdk({ id: 'rzp_test_other', secret: DEFAULT_KEY.secret }).orders.fetch('order_AAAAAAAAAAAAAA'),
    );
    expect(unknownKey.statusCode).toBe(401);
    const none = await fetch(`${sandbox.apiUrl}/v1/orders`, { method: 'POST' });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR' } });
  });
});

describe('hosted checkout page driven over HTTP', () => {
  it('shows the amount, description, prefilled email and both test cards', async () => {
    const order = await sdk().orders.create({ amount: 149900, currency: 'INR' });
    const page = await fetch(
      buildCheckoutPageUrl(sandbox.url, {
        keyId: DEFAULT_KEY.id,
        orderId: order.id,
        callbackUrl: `${merchant.url}/cb`,
        name: 'LiveEdu',
        description: 'Course: Intro to <Rust>',
        prefill: { email: 'student@example.com' },
      }),
    );
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('₹1,499.00');
    expect(html).toContain('Course: Intro to &lt;Rust&gt;');
    expect(html).toContain('value="student@example.com"');
    expect(html).toContain(TEST_CARDS.success);
    expect(html).toContain(TEST_CARDS.declined);
  });

  it('pays with the success card: callback POST carries a signature the SDK verifies, and signed webhooks arrive', async () => {
    const rzp = sdk();
    const order = await rzp.orders.create({ amount: 49900, currency: 'INR', notes: { courseId: 'c9' } });
    const result = await payAtMerchant(order.id, {
      callbackUrl: `${merchant.url}/paymentVerification/${order.id}/c9?x=1`,
      prefill: { email: 'student@example.com' },
      card: TEST_CARDS.success,
      followCallback: true,
    });
    if (result.outcome !== 'success') throw new Error(`expected success, got ${result.message}`);
    const { fields } = result;
    expect(fields.razorpay_order_id).toBe(order.id);
    expect(fields.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    const params = { order_id: order.id, payment_id: fields.razorpay_payment_id };
    expect(validatePaymentVerification(params, fields.razorpay_signature, DEFAULT_KEY.secret)).toBe(true);
    expect(validatePaymentVerification(params, fields.razorpay_signature, SECOND_KEY.secret)).toBe(false);

    // The merchant received a real form POST with exactly those fields, at the URL given.
    const cb = merchant.received.at(-1)!;
    expect(cb.method).toBe('POST');
    expect(cb.url).toBe(`/paymentVerification/${order.id}/c9?x=1`);
    expect(cb.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(cb.raw))).toEqual(fields);
    expect(result.callbackResponse).toMatchObject({ status: 302, location: '/paymentsuccess' });

    const paid = await rzp.orders.fetch(order.id);
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 49900, amount_due: 0, attempts: 1 });
    const payments = await rzp.orders.fetchPayments(order.id);
    expect(payments.count).toBe(1);
    expect(payments.items[0]).toMatchObject({
      id: fields.razorpay_payment_id,
      entity: 'payment',
      status: 'captured',
      captured: true,
      amount: 49900,
      order_id: order.id,
      method: 'card',
      email: 'student@example.com',
    });
    const payment = await rzp.payments.fetch(fields.razorpay_payment_id);
    expect(payment.card?.last4).toBe('1111');

    const events = await waitFor(() => {
      const mine = webhookEvents().filter((e) => e.raw.includes(fields.razorpay_payment_id));
      return mine.length >= 3 ? mine : undefined;
    });
    expect(events.map((e) => e.body.event)).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
    for (const e of events) {
      expect(e.url).toBe('/webhooks/razorpay');
      const sig = e.headers['x-razorpay-signature'] as string;
      expect(Razorpay.validateWebhookSignature(e.raw, sig, DEFAULT_WEBHOOK_SECRET)).toBe(true);
      expect(Razorpay.validateWebhookSignature(e.raw, sig, 'another_secret')).toBe(false);
      expect(e.headers['x-razorpay-event-id']).toMatch(/^[A-Za-z0-9]{14}$/);
      expect(e.body).toMatchObject({ entity: 'event', account_id: expect.stringMatching(/^acc_/) });
    }
    const orderPaid = events[2]!.body as unknown as {
      contains: string[];
      payload: {
        payment: { entity: { id: string; status: string } };
        order: { entity: { id: string; status: string; amount_paid: number } };
      };
    };
    expect(orderPaid.contains).toEqual(['payment', 'order']);
    expect(orderPaid.payload.payment.entity).toMatchObject({
      id: fields.razorpay_payment_id,
      status: 'captured',
    });
    expect(orderPaid.payload.order.entity).toMatchObject({
      id: order.id,
      status: 'paid',
      amount_paid: 49900,
    });

    // A paid order cannot be paid again.
    await expect(payAtMerchant(order.id)).rejects.toThrow(/already been paid/);
  });

  it('declines the second test card: no success, order unpaid, payment.failed webhook, retry possible', async () => {
    const rzp = sdk();
    const order = await rzp.orders.create({ amount: 25000, currency: 'INR' });
    const before = merchant.received.length;
    const result = await payAtMerchant(order.id, {
      email: 'student@example.com',
      card: TEST_CARDS.declined,
      followCallback: true,
    });
    expect(result.outcome).toBe('declined');
    if (result.outcome !== 'declined') return;
    expect(result.message).toMatch(/declined/i);
    expect(merchant.received.length).toBe(before);
    expect(result.failureForm?.action).toBe(`${merchant.url}/cb`);
    expect(result.failureForm?.fields['error[reason]']).toBe('payment_declined');
    expect(result.failureForm?.fields).not.toHaveProperty('razorpay_signature');

    const after = await rzp.orders.fetch(order.id);
    expect(after).toMatchObject({ status: 'attempted', amount_paid: 0, amount_due: 25000, attempts: 1 });
    const payments = await rzp.orders.fetchPayments(order.id);
    expect(payments.items[0]).toMatchObject({
      status: 'failed',
      captured: false,
      error_reason: 'payment_declined',
    });
    const failedId = payments.items[0]!.id;
    const metadata = JSON.parse(result.failureForm?.fields['error[metadata]'] ?? '{}');
    expect(metadata).toEqual({ payment_id: failedId, order_id: order.id });

    const failed = await waitFor(() => webhookEvents().find((e) => e.raw.includes(failedId)));
    expect(failed.body.event).toBe('payment.failed');
    expect(
      Razorpay.validateWebhookSignature(
        failed.raw,
        failed.headers['x-razorpay-signature'] as string,
        DEFAULT_WEBHOOK_SECRET,
      ),
    ).toBe(true);
    expect(webhookEvents().some((e) => e.body.event === 'order.paid' && e.raw.includes(order.id))).toBe(
      false,
    );

    // Razorpay lets the customer retry the same order.
    const retry = await payAtMerchant(order.id, { email: 'student@example.com' });
    expect(retry.outcome).toBe('success');
    expect(await rzp.orders.fetch(order.id)).toMatchObject({ status: 'paid', attempts: 2 });
  });

  it('rejects cards that are not test cards and bad expiry without recording a payment', async () => {
    const rzp = sdk();
    const order = await rzp.orders.create({ amount: 10000, currency: 'INR' });
    const attempt = (opts: Partial<PayOrderOverHttpOptions>) =>
      payAtMerchant(order.id, { email: 'a@b.co', ...opts });
    await expect(attempt({ card: '5555 5555 5555 4444' })).rejects.toThrow(/test cards/);
    await expect(attempt({ card: '4111 1111 1111 1112' })).rejects.toThrow(/valid card number/);
    await expect(attempt({ expiry: '01/20' })).rejects.toThrow(/expired/);
    await expect(attempt({ email: 'not-an-email' })).rejects.toThrow(/email/);
    expect(await rzp.orders.fetch(order.id)).toMatchObject({ status: 'created', attempts: 0 });
  });

  it('signs with the secret of the key the checkout used', async () => {
    const order = await sdk(SECOND_KEY).orders.create({ amount: 30000, currency: 'INR' });
    const result = await payAtMerchant(order.id, { keyId: SECOND_KEY.id, email: 'a@b.co' });
    if (result.outcome !== 'success') throw new Error('expected success');
    const params = { order_id: order.id, payment_id: result.fields.razorpay_payment_id };
    expect(validatePaymentVerification(params, result.fields.razorpay_signature, SECOND_KEY.secret)).toBe(
      true,
    );
    expect(validatePaymentVerification(params, result.fields.razorpay_signature, DEFAULT_KEY.secret)).toBe(
      false,
    );
  });

  it('refuses unusable checkout options with an error page', async () => {
    const order = await sdk().orders.create({ amount: 30000, currency: 'INR' });
    const url = (o: Partial<Record<'keyId' | 'callbackUrl', string>>) =>
      buildCheckoutPageUrl(sandbox.url, {
        keyId: DEFAULT_KEY.id,
        orderId: order.id,
        callbackUrl: `${merchant.url}/cb`,
        ...o,
      });
    expect((await fetch(url({ keyId: 'rzp_test_unknown' }))).status).toBe(401);
    expect((await fetch(url({ callbackUrl: 'javascript:alert(1)' }))).status).toBe(400);
    const missingOrder = await fetch(
      buildCheckoutPageUrl(sandbox.url, {
        keyId: DEFAULT_KEY.id,
        orderId: 'order_AAAAAAAAAAAAAA',
        callbackUrl: `${merchant.url}/cb`,
      }),
    );
    expect(missingOrder.status).toBe(400);
    expect(await missingOrder.text()).toContain('The id provided does not exist');
    const garbage = await fetch(`${sandbox.url}/v1/checkout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '%%%&&&==',
    });
    expect(garbage.status).toBe(400);
  });
});

describe('webhook delivery', () => {
  it('retries a failed delivery with the same event id, body and signature', async () => {
    const flaky = await receiver((_r, n) => (n < 3 ? 500 : 200));
    sandbox.setWebhookUrl(flaky.url);
    try {
      const order = await sdk().orders.create({ amount: 20000, currency: 'INR' });
      await payAtMerchant(order.id, { email: 'a@b.co', card: TEST_CARDS.declined });
      await waitFor(() => (flaky.received.length >= 3 ? true : undefined));
      const [a, b, c] = flaky.received;
      expect(a!.raw).toBe(b!.raw);
      expect(b!.raw).toBe(c!.raw);
      expect(a!.headers['x-razorpay-event-id']).toBe(c!.headers['x-razorpay-event-id']);
      expect(a!.headers['x-razorpay-signature']).toBe(c!.headers['x-razorpay-signature']);
      const delivery = await waitFor(() =>
        sandbox.webhookDeliveries().find((d) => d.url === flaky.url && d.status === 'delivered'),
      );
      expect(delivery.attempts).toBe(3);
    } finally {
      sandbox.setWebhookUrl(`${hooks.url}/webhooks/razorpay`);
      await flaky.close();
    }
  });
});

describe('checkout.js', () => {
  /** A small stand-in for the browser objects checkout.js touches. */
  function browser(scriptSrc: string) {
    const submitted: Array<{ action: string; target: string; fields: Record<string, string> }> = [];
    const listeners: Array<(e: unknown) => void> = [];
    const frames: Array<{ src: string; contentWindow: object }> = [];
    const makeEl = (tag: string) => {
      const el: Record<string, unknown> & { children: Array<Record<string, unknown>> } = {
        tagName: tag.toUpperCase(),
        style: {},
        children: [],
        parentNode: null,
        handlers: {} as Record<string, () => void>,
        setAttribute() {},
        appendChild(child: Record<string, unknown>) {
          el.children.push(child);
          child.parentNode = el;
          return child;
        },
        removeChild(child: Record<string, unknown>) {
          el.children.splice(el.children.indexOf(child), 1);
          child.parentNode = null;
        },
        addEventListener(type: string, fn: () => void) {
          (el.handlers as Record<string, () => void>)[type] = fn;
        },
        submit() {
          const fields: Record<string, string> = {};
          for (const c of el.children) fields[c.name as string] = c.value as string;
          submitted.push({ action: el.action as string, target: el.target as string, fields });
        },
      };
      if (tag === 'iframe') {
        el.contentWindow = {};
        frames.push(el as never);
      }
      return el;
    };
    const body = makeEl('body');
    const window: Record<string, unknown> = {
      addEventListener: (_t: string, fn: (e: unknown) => void) => listeners.push(fn),
      removeEventListener: (_t: string, fn: (e: unknown) => void) =>
        listeners.splice(listeners.indexOf(fn), 1),
    };
    const context = {
      window,
      document: { currentScript: { src: scriptSrc }, body, createElement: makeEl },
      location: { href: 'http://shop.test/cart', origin: 'http://shop.test' },
      URL,
      setTimeout,
    };
    return { context, window, submitted, listeners, frames, body };
  }

  it('redirect mode posts the options to the hosted page, which then takes the card', async () => {
    const res = await fetch(sandbox.checkoutUrl);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    const b = browser(sandbox.checkoutUrl);
    runInNewContext(await res.text(), b.context);
    const order = await sdk().orders.create({ amount: 49900, currency: 'INR' });
    const RazorpayCtor = b.window.Razorpay as new (o: object) => { open(): void };
    new RazorpayCtor({
      key: DEFAULT_KEY.id,
      amount: 49900,
      currency: 'INR',
      order_id: order.id,
      name: 'LiveEdu',
      description: 'Rust course',
      prefill: { email: 'student@example.com' },
      notes: { courseId: 'c1' },
      callback_url: `${merchant.url}/cb`,
      redirect: true,
    }).open();
    expect(b.submitted).toHaveLength(1);
    const post = b.submitted[0]!;
    expect(post.action).toBe(`${sandbox.url}/v1/checkout/embedded`);
    expect(post.fields).toMatchObject({
      key_id: DEFAULT_KEY.id,
      order_id: order.id,
      'prefill[email]': 'student@example.com',
      'notes[courseId]': 'c1',
    });
    // The browser's POST of that form opens the hosted page.
    const page = await fetch(post.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(post.fields).toString(),
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('₹499.00');
    expect(html).toContain('Rust course');
  });

  it('modal mode calls handler on success, payment.failed listeners on a decline and modal.ondismiss on close', async () => {
    const b = browser(sandbox.checkoutUrl);
    runInNewContext(await (await fetch(sandbox.checkoutUrl)).text(), b.context);
    const order = await sdk().orders.create({ amount: 49900, currency: 'INR' });
    const calls: Array<[string, unknown]> = [];
    const RazorpayCtor = b.window.Razorpay as new (
      o: object,
    ) => { open(): void; on(e: string, f: (r: unknown) => void): void };
    const rzp = new RazorpayCtor({
      key: DEFAULT_KEY.id,
      order_id: order.id,
      handler: (r: unknown) => calls.push(['handler', r]),
      modal: { ondismiss: () => calls.push(['dismiss', null]) },
    });
    rzp.on('payment.failed', (r) => calls.push(['failed', r]));
    rzp.open();
    const frame = b.frames[0]!;
    const src = new URL(frame.src);
    expect(src.origin + src.pathname).toBe(`${sandbox.url}/v1/checkout/embedded`);
    expect(src.searchParams.get('sandbox_mode')).toBe('iframe');
    expect(src.searchParams.get('parent_origin')).toBe('http://shop.test');

    // The iframe page posts its outcome to the opener; drive it over HTTP and read what it would post.
    const declined = await payOrderInFrame(frame.src, TEST_CARDS.declined);
    expect(declined).toMatchObject({ type: 'payment.failed', error: { reason: 'payment_declined' } });
    const origin = new URL(sandbox.url).origin;
    b.listeners[0]!({ origin, source: frame.contentWindow, data: declined });
    b.listeners[0]!({ origin: 'http://evil.test', source: frame.contentWindow, data: declined });
    expect(calls.filter(([k]) => k === 'failed')).toHaveLength(1);

    const ok = await payOrderInFrame(frame.src, TEST_CARDS.success);
    expect(ok.type).toBe('payment.success');
    b.listeners[0]!({ origin, source: frame.contentWindow, data: ok });
    const handled = calls.find(([k]) => k === 'handler')?.[1] as {
      razorpay_payment_id: string;
      razorpay_signature: string;
    };
    expect(
      validatePaymentVerification(
        { order_id: order.id, payment_id: handled.razorpay_payment_id },
        handled.razorpay_signature,
        DEFAULT_KEY.secret,
      ),
    ).toBe(true);
    expect(b.body.children).toHaveLength(0);

    const other = new RazorpayCtor({
      key: DEFAULT_KEY.id,
      order_id: order.id,
      modal: { ondismiss: () => calls.push(['dismiss', null]) },
    });
    other.open();
    b.listeners.at(-1)!({
      origin,
      source: b.frames[1]!.contentWindow,
      data: { source: 'razorpay-sandbox', type: 'dismiss' },
    });
    expect(calls.filter(([k]) => k === 'dismiss')).toHaveLength(1);
  });

  /** GETs the iframe page, posts its form, and returns the message its inline script posts to the opener. */
  async function payOrderInFrame(src: string, card: string): Promise<Record<string, unknown>> {
    const page = await (await fetch(src)).text();
    const { readForm } = await import('./driver.ts');
    const form = readForm(page, 'rzp-pay-form')!;
    const fields = {
      ...form.fields,
      email: 'a@b.co',
      'card[number]': card,
      'card[expiry]': '12/39',
      'card[cvv]': '123',
    };
    const res = await fetch(new URL(form.action, src), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    const html = await res.text();
    const script = /<script>([\s\S]*)<\/script>/.exec(html)![1]!;
    const posted: Array<[Record<string, unknown>, string]> = [];
    const parent = { postMessage: (m: Record<string, unknown>, target: string) => posted.push([m, target]) };
    runInNewContext(script, { window: { parent }, document: { getElementById: () => null } });
    expect(posted).toHaveLength(1);
    expect(posted[0]![1]).toBe('http://shop.test');
    return posted[0]![0];
  }
});

describe('refunds and disputes', () => {
  const auth = () => `Basic ${Buffer.from(`${DEFAULT_KEY.id}:${DEFAULT_KEY.secret}`).toString('base64')}`;
  /** A call of the sandbox's API or driver with the default key pair. */
  async function api(method: string, path: string, body?: unknown) {
    const response = await fetch(`${sandbox.apiUrl}${path}`, {
      method,
      headers: {
        authorization: auth(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, never> };
  }

  /** A captured payment of `amount` paise. */
  async function capturedPayment(amount: number): Promise<string> {
    const order = await sdk().orders.create({ amount, currency: 'INR' });
    const paid = await payAtMerchant(order.id, { email: 'a@b.co' });
    if (paid.outcome !== 'success') throw new Error('expected success');
    return paid.fields.razorpay_payment_id;
  }

  /** The webhook events received for a payment so far, by name. */
  const eventsOf = (id: string) =>
    webhookEvents()
      .filter((e) => e.raw.includes(id))
      .map((e) => e.body as unknown as { event: string; contains: string[]; payload: Record<string, never> });

  it('refunds a captured payment through the SDK, then sends refund.created and refund.processed, signed', async () => {
    const rzp = sdk();
    const paymentId = await capturedPayment(120_000);
    const refund = await rzp.payments.refund(paymentId, {
      amount: 50_000,
      notes: { requestId: 'r1', courseId: 'c1' },
    });
    expect(refund).toMatchObject({
      id: expect.stringMatching(/^rfnd_[A-Za-z0-9]{14}$/),
      entity: 'refund',
      amount: 50_000,
      currency: 'INR',
      payment_id: paymentId,
      notes: { requestId: 'r1', courseId: 'c1' },
      status: 'pending',
      created_at: expect.any(Number),
    });
    const events = await waitFor(() => {
      const mine = eventsOf(refund.id);
      return mine.length >= 2 ? mine : undefined;
    });
    expect(events.map((e) => e.event)).toEqual(['refund.created', 'refund.processed']);
    const processed = events[1]!;
    expect(processed.contains).toEqual(['refund', 'payment']);
    expect(processed.payload).toMatchObject({
      refund: { entity: { id: refund.id, status: 'processed', notes: { requestId: 'r1' } } },
      payment: { entity: { id: paymentId, amount_refunded: 50_000, refund_status: 'partial' } },
    });
    const raw = webhookEvents().find(
      (e) => e.raw.includes(refund.id) && e.body.event === 'refund.processed',
    )!;
    expect(
      Razorpay.validateWebhookSignature(
        raw.raw,
        raw.headers['x-razorpay-signature'] as string,
        DEFAULT_WEBHOOK_SECRET,
      ),
    ).toBe(true);

    // What is left can be refunded, and no more; the payment shows it.
    const rest = await rzp.payments.refund(paymentId, {});
    expect(rest.amount).toBe(70_000);
    await waitFor(() => (eventsOf(rest.id).length >= 2 ? true : undefined));
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({
      amount_refunded: 120_000,
      refund_status: 'full',
    });
    const again = await sdkError(rzp.payments.refund(paymentId, { amount: 100 }));
    expect(again).toMatchObject({
      statusCode: 400,
      error: { code: 'BAD_REQUEST_ERROR', description: 'The payment has been fully refunded already' },
    });
    const listed = await rzp.payments.fetchMultipleRefund(paymentId);
    expect(listed.items.map((r: { id: string }) => r.id)).toEqual([rest.id, refund.id]);
    expect(await rzp.payments.fetchRefund(paymentId, refund.id)).toMatchObject({
      id: refund.id,
      status: 'processed',
    });
    expect((await sdkError(rzp.payments.fetchRefund(paymentId, 'rfnd_AAAAAAAAAAAAAA'))).statusCode).toBe(400);
  });

  it('refuses more than what is left, bad amounts, unknown fields and payments, and wrong credentials', async () => {
    const rzp = sdk();
    const paymentId = await capturedPayment(30_000);
    const over = await sdkError(rzp.payments.refund(paymentId, { amount: 30_001 }));
    expect(over).toMatchObject({
      statusCode: 400,
      error: { description: 'The refund amount provided is greater than amount captured', field: 'amount' },
    });
    expect((await sdkError(rzp.payments.refund(paymentId, { amount: 99 }))).error.field).toBe('amount');
    expect((await sdkError(rzp.payments.refund(paymentId, { amount: 150.5 }))).statusCode).toBe(400);
    const extra = await api('POST', `/v1/payments/${paymentId}/refund`, { amount: 100, bank: 'x' });
    expect(extra).toMatchObject({ status: 400, body: { error: { field: 'bank' } } });
    const unknown = await sdkError(rzp.payments.refund('pay_AAAAAAAAAAAAAA', {}));
    expect(unknown).toMatchObject({
      statusCode: 400,
      error: { description: 'The id provided does not exist' },
    });
    const wrong = await sdkError(sdk({ id: DEFAULT_KEY.id, secret: 'wrong' }).payments.refund(paymentId, {}));
    expect(wrong.statusCode).toBe(401);
    // Nothing above was refunded.
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({ amount_refunded: 0, refund_status: null });
  });

  it('fails a refund a test asked to fail with refund.failed and why, or answers 500 while unavailable', async () => {
    const rzp = sdk();
    const paymentId = await capturedPayment(40_000);
    const chosen = await api('PUT', `/sandbox/payments/${paymentId}/refund-outcome`, {
      outcome: 'failed',
      reason: 'The account is closed',
    });
    expect(chosen).toEqual({
      status: 200,
      body: { payment_id: paymentId, outcome: 'failed', reason: 'The account is closed' },
    });
    const refund = await rzp.payments.refund(paymentId, { notes: { requestId: 'r2' } });
    expect(refund.status).toBe('pending');
    const failed = await waitFor(() => eventsOf(refund.id).find((e) => e.event === 'refund.failed'));
    expect(failed.payload).toMatchObject({
      refund: { entity: { id: refund.id, status: 'failed', error_description: 'The account is closed' } },
      payment: { entity: { amount_refunded: 0 } },
    });
    expect(eventsOf(refund.id).some((e) => e.event === 'refund.processed')).toBe(false);

    // A failed refund gives its amount back: the payment can be refunded in full again.
    sandbox.setRefundOutcome(paymentId, { outcome: 'unavailable' });
    const down = await sdkError(rzp.payments.refund(paymentId, {}));
    expect(down).toMatchObject({ statusCode: 500, error: { code: 'SERVER_ERROR' } });
    sandbox.setRefundOutcome(paymentId, { outcome: 'processed' });
    const ok = await rzp.payments.refund(paymentId, {});
    expect(ok.amount).toBe(40_000);
    await waitFor(() => eventsOf(ok.id).find((e) => e.event === 'refund.processed'));
    expect(
      await api('PUT', `/sandbox/payments/${paymentId}/refund-outcome`, { outcome: 'maybe' }),
    ).toMatchObject({
      status: 400,
      body: { error: { field: 'outcome' } },
    });
  });

  it('raises a dispute with payment.dispute.created and ends it with won, lost or closed, each once', async () => {
    const paymentId = await capturedPayment(25_000);
    const raised = await api('POST', `/sandbox/payments/${paymentId}/disputes`, {
      reason_code: 'fraudulent',
    });
    expect(raised.status).toBe(200);
    const dispute = raised.body as unknown as { id: string; status: string };
    expect(dispute).toMatchObject({
      id: expect.stringMatching(/^disp_[A-Za-z0-9]{14}$/),
      entity: 'dispute',
      payment_id: paymentId,
      amount: 25_000,
      status: 'open',
      reason_code: 'fraudulent',
    });
    const created = await waitFor(() =>
      eventsOf(dispute.id).find((e) => e.event === 'payment.dispute.created'),
    );
    expect(created.contains).toEqual(['payment', 'dispute']);
    expect(created.payload).toMatchObject({
      dispute: { entity: { id: dispute.id, payment_id: paymentId, status: 'open' } },
      payment: { entity: { id: paymentId } },
    });
    expect((await api('GET', `/v1/disputes/${dispute.id}`)).body).toMatchObject({
      id: dispute.id,
      status: 'open',
    });

    const lost = await api('POST', `/sandbox/disputes/${dispute.id}/close`, { outcome: 'lost' });
    expect(lost.body).toMatchObject({ status: 'lost', amount_deducted: 25_000 });
    const ended = await waitFor(() => eventsOf(dispute.id).find((e) => e.event === 'payment.dispute.lost'));
    expect(ended.payload).toMatchObject({ dispute: { entity: { status: 'lost' } } });
    const twice = await api('POST', `/sandbox/disputes/${dispute.id}/close`, { outcome: 'won' });
    expect(twice).toMatchObject({
      status: 400,
      body: { error: { description: 'The dispute is closed already' } },
    });

    // The JavaScript driver does the same for tests that hold the sandbox.
    const other = sandbox.raiseDispute(paymentId, { amount: 1_000 });
    expect(sandbox.closeDispute(other.id, 'won')).toMatchObject({ status: 'won', amount_deducted: 0 });
    await waitFor(() => eventsOf(other.id).find((e) => e.event === 'payment.dispute.won'));
    expect(eventsOf(other.id).map((e) => e.event)).toEqual([
      'payment.dispute.created',
      'payment.dispute.won',
    ]);

    const none = await fetch(`${sandbox.apiUrl}/sandbox/payments/${paymentId}/disputes`, { method: 'POST' });
    expect(none.status).toBe(401);
    expect(
      (await api('POST', '/sandbox/disputes/disp_AAAAAAAAAAAAAA/close', { outcome: 'won' })).status,
    ).toBe(400);
  });
});
