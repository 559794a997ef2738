import formbody from '@fastify/formbody';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { checkoutScript } from './checkout-script.ts';
import { badRequest, foundOr400, RazorpayApiError } from './errors.ts';
import { hmacSha256Hex, ORDER_ID_RE, PAYMENT_ID_RE, paymentSignature, razorpayId, safeEqual } from './ids.ts';
import {
  type CheckoutParams,
  type FailureFields,
  renderCheckoutPage,
  renderErrorPage,
  renderSuccessPage,
  TEST_CARDS,
} from './pages.ts';
import {
  type CardInput,
  cardProblem,
  checkoutOptionsProblem,
  field,
  parseCheckoutParams,
  parseCreateOrder,
  type RawFields,
} from './params.ts';
import { type RefundsAndDisputes, refundAndDisputeRoutes } from './refund-routes.ts';
import { type CardEntity, type Notes, type OrderEntity, SandboxStore, type StoredOrder } from './store.ts';
import { type WebhookDelivery, WebhookDispatcher } from './webhooks.ts';

export interface SandboxKey {
  id: string;
  secret: string;
}

export interface RazorpaySandboxOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Address to listen on; default 127.0.0.1. */
  host?: string;
  /** API key pairs accepted for Basic auth and used to sign checkout callbacks. */
  keys?: SandboxKey[];
  /** Where webhooks are posted; none are sent without it. */
  webhookUrl?: string;
  webhookSecret?: string;
  /** The base URL browsers use to reach the sandbox, when it differs from the listening address. */
  publicUrl?: string;
  /** Delays (ms) before each retry of a failed webhook delivery; default [1000, 5000, 30000]. */
  webhookRetryDelaysMs?: number[];
  /** Most orders kept in memory; the oldest go first. Default 10000. */
  maxOrders?: number;
  logger?: boolean;
}

export interface RazorpaySandbox extends RefundsAndDisputes {
  /** Base URL for browsers (publicUrl, or the listening address). */
  url: string;
  /** What `RAZORPAY_API_URL` is set to: the stand-in for `https://api.razorpay.com` (the SDK adds `/v1/...`). */
  apiUrl: string;
  /** What `RAZORPAY_CHECKOUT_URL` is set to: the stand-in for `https://checkout.razorpay.com/v1/checkout.js`. */
  checkoutUrl: string;
  stop(): Promise<void>;
  setWebhookUrl(url: string | undefined): void;
  /** Webhook deliveries so far (most recent last, bounded), for diagnostics. */
  webhookDeliveries(): readonly WebhookDelivery[];
}

export const DEFAULT_KEY: SandboxKey = { id: 'rzp_test_liveedu', secret: 'liveedu_sandbox_secret' };
export const DEFAULT_WEBHOOK_SECRET = 'liveedu_webhook_secret';

const DECLINE: Omit<FailureFields, 'metadata'> = {
  code: 'BAD_REQUEST_ERROR',
  description: 'Your payment has been declined by your bank. Try paying with another card.',
  source: 'bank',
  step: 'payment_authorization',
  reason: 'payment_declined',
};

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

function asFields(value: unknown): RawFields {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as RawFields) : {};
}

export async function startRazorpaySandbox(opts: RazorpaySandboxOptions = {}): Promise<RazorpaySandbox> {
  const keys = opts.keys && opts.keys.length > 0 ? opts.keys : [DEFAULT_KEY];
  for (const k of keys) {
    if (!k.id || !k.secret) throw new Error('razorpay-sandbox: every key needs an id and a secret');
  }
  const secretOf = new Map(keys.map((k) => [k.id, k.secret]));
  const host = opts.host ?? '127.0.0.1';
  const store = new SandboxStore(opts.maxOrders ?? 10_000);
  const accountId = `acc_${hmacSha256Hex('razorpay-sandbox-account', keys[0]!.id).slice(0, 14)}`;
  const webhooks = new WebhookDispatcher({
    accountId,
    secret: opts.webhookSecret || DEFAULT_WEBHOOK_SECRET,
    url: opts.webhookUrl || undefined,
    retryDelaysMs: opts.webhookRetryDelaysMs,
  });

  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 64 * 1024,
    // Malformed URLs and similar are rejected before routing; answer them in Razorpay's shape too.
    frameworkErrors: (error, _req, reply) => {
      void (reply as FastifyReply)
        .code(400)
        .send(new RazorpayApiError(400, error.message || 'Bad request').toBody());
    },
  });
  await app.register(formbody, { bodyLimit: 64 * 1024 });

  const isCheckoutRoute = (req: FastifyRequest) => req.url.startsWith('/v1/checkout/');

  app.setErrorHandler((error, req, reply) => {
    let apiError: RazorpayApiError;
    if (error instanceof RazorpayApiError) apiError = error;
    else {
      const { statusCode: status, message } = error as { statusCode?: number; message?: string };
      if (status !== undefined && status >= 400 && status < 500) {
        apiError = new RazorpayApiError(
          status === 413 || status === 415 ? status : 400,
          message || 'Bad request',
        );
      } else {
        req.log.error(error);
        apiError = new RazorpayApiError(
          500,
          'We are facing some trouble completing your request at the moment. Please try again shortly.',
        );
      }
    }
    if (isCheckoutRoute(req)) {
      return reply
        .code(apiError.statusCode)
        .type('text/html; charset=utf-8')
        .send(renderErrorPage('Something went wrong', apiError.message));
    }
    return reply.code(apiError.statusCode).send(apiError.toBody());
  });

  app.setNotFoundHandler((_req, reply) => {
    const body = new RazorpayApiError(404, 'The requested URL was not found on the server.').toBody();
    return reply.code(404).send(body);
  });

  /** Basic auth with a configured key id and secret, as Razorpay's API requires. */
  function authenticate(req: FastifyRequest): string {
    const header = req.headers.authorization;
    if (!header || !/^Basic\s+/i.test(header)) {
      throw new RazorpayApiError(401, 'Please provide your api key for authentication purposes.');
    }
    const decoded = Buffer.from(header.replace(/^Basic\s+/i, ''), 'base64').toString('utf8');
    const sep = decoded.indexOf(':');
    const id = sep >= 0 ? decoded.slice(0, sep) : decoded;
    const secret = sep >= 0 ? decoded.slice(sep + 1) : '';
    const expected = secretOf.get(id);
    if (expected === undefined || !safeEqual(secret, expected)) {
      throw new RazorpayApiError(401, 'Authentication failed');
    }
    return id;
  }

  const orderOr400 = (id: string): StoredOrder =>
    foundOr400(id, ORDER_ID_RE, (known) => store.getOrder(known));

  function countSkip(query: RawFields): { count: number; skip: number } {
    const countRaw = field(query, 'count');
    const skipRaw = field(query, 'skip');
    const count = countRaw === '' ? 10 : Number(countRaw);
    const skip = skipRaw === '' ? 0 : Number(skipRaw);
    if (!Number.isInteger(count) || count < 1 || count > 100) {
      throw badRequest('The count must be an integer between 1 and 100.', 'count');
    }
    if (!Number.isInteger(skip) || skip < 0)
      throw badRequest('The skip must be a non-negative integer.', 'skip');
    return { count, skip };
  }

  function optionalUnix(query: RawFields, name: string): number | undefined {
    const raw = field(query, name);
    if (raw === '') return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0) throw badRequest(`The ${name} must be a unix timestamp.`, name);
    return n;
  }

  // ---- Orders and Payments API -------------------------------------------------------------

  app.post('/v1/orders', async (req, reply) => {
    const keyId = authenticate(req);
    const input = parseCreateOrder(req.body);
    return reply.send(store.createOrder(input, keyId));
  });

  app.get('/v1/orders', async (req, reply) => {
    authenticate(req);
    const query = asFields(req.query);
    const { count, skip } = countSkip(query);
    const receipt = field(query, 'receipt');
    const all = store.listOrders({
      receipt: receipt || undefined,
      from: optionalUnix(query, 'from'),
      to: optionalUnix(query, 'to'),
    });
    const items = all.slice(skip, skip + count);
    return reply.send({ entity: 'collection', count: items.length, items });
  });

  app.get<{ Params: { id: string } }>('/v1/orders/:id', async (req, reply) => {
    authenticate(req);
    return reply.send(orderOr400(req.params.id).entity);
  });

  app.get<{ Params: { id: string } }>('/v1/orders/:id/payments', async (req, reply) => {
    authenticate(req);
    const stored = orderOr400(req.params.id);
    const items = store.paymentsOf(stored.entity.id);
    return reply.send({ entity: 'collection', count: items.length, items });
  });

  app.get<{ Params: { id: string } }>('/v1/payments/:id', async (req, reply) => {
    authenticate(req);
    const id = req.params.id;
    if (!PAYMENT_ID_RE.test(id)) throw badRequest(`${id} is not a valid id`, 'id');
    const payment = store.getPayment(id);
    if (!payment) throw badRequest('The id provided does not exist', 'id');
    return reply.send(payment);
  });

  // ---- Refunds and disputes -------------------------------------------------------------------

  const refundsAndDisputes = refundAndDisputeRoutes(app, { store, webhooks, authenticate });

  // ---- Standard Checkout ----------------------------------------------------------------------

  let publicBase = '';

  app.get('/v1/checkout.js', async (_req, reply) => {
    return reply
      .header('cache-control', 'no-store')
      .type('application/javascript; charset=utf-8')
      .send(checkoutScript(publicBase));
  });

  function html(reply: FastifyReply, status: number, body: string) {
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(body);
  }

  /** Resolves the order behind checkout options, or renders why the page cannot be used. */
  function checkoutContext(
    p: CheckoutParams,
  ): { ok: true; order: OrderEntity; secret: string } | { ok: false; status: number; page: string } {
    const problem = checkoutOptionsProblem(p);
    if (problem)
      return {
        ok: false,
        status: 400,
        page: renderErrorPage('Invalid checkout options', problem, undefined, p),
      };
    const secret = secretOf.get(p.keyId);
    if (secret === undefined) {
      return {
        ok: false,
        status: 401,
        page: renderErrorPage('Authentication failed', 'The api key provided is invalid', undefined, p),
      };
    }
    const stored = ORDER_ID_RE.test(p.orderId) ? store.getOrder(p.orderId) : undefined;
    if (!stored) {
      return {
        ok: false,
        status: 400,
        page: renderErrorPage('Invalid order', 'The id provided does not exist', undefined, p),
      };
    }
    const order = stored.entity;
    if (p.amount && Number(p.amount) !== order.amount) {
      return {
        ok: false,
        status: 400,
        page: renderErrorPage(
          'Amount mismatch',
          `The amount ${p.amount} does not match the order's amount ${order.amount}.`,
          order,
          p,
        ),
      };
    }
    if (p.currency && p.currency !== order.currency) {
      return {
        ok: false,
        status: 400,
        page: renderErrorPage(
          'Currency mismatch',
          `The currency ${p.currency} does not match the order's currency.`,
          order,
          p,
        ),
      };
    }
    if (order.status === 'paid') {
      return {
        ok: false,
        status: 400,
        page: renderErrorPage('Order already paid', 'This order has already been paid.', order, p),
      };
    }
    return { ok: true, order, secret };
  }

  async function showCheckout(raw: RawFields, reply: FastifyReply) {
    const p = parseCheckoutParams(raw);
    const ctx = checkoutContext(p);
    if (!ctx.ok) return html(reply, ctx.status, ctx.page);
    return html(reply, 200, renderCheckoutPage(p, ctx.order));
  }

  app.get('/v1/checkout/embedded', async (req, reply) => showCheckout(asFields(req.query), reply));
  app.post('/v1/checkout/embedded', async (req, reply) => showCheckout(asFields(req.body), reply));

  app.post('/v1/checkout/pay', async (req, reply) => {
    const raw = asFields(req.body);
    const p = parseCheckoutParams(raw);
    const ctx = checkoutContext(p);
    if (!ctx.ok) return html(reply, ctx.status, ctx.page);
    const { order, secret } = ctx;
    const email = field(raw, 'email').slice(0, 200);
    const contact = field(raw, 'contact').slice(0, 40);
    const card: CardInput = {
      digits: field(raw, 'card[number]').replace(/[\s-]/g, ''),
      name: field(raw, 'card[name]').slice(0, 100),
      expiry: field(raw, 'card[expiry]'),
      cvv: field(raw, 'card[cvv]'),
    };
    const retry = (message: string) =>
      html(reply, 400, renderCheckoutPage(p, order, { message, email, contact }));
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return retry('Enter a valid email address.');
    if (contact && !/^\+?[0-9 -]{8,20}$/.test(contact)) return retry('Enter a valid phone number.');
    const problem = cardProblem(card);
    if (problem) return retry(problem);
    const success = card.digits === TEST_CARDS.success.replace(/\s/g, '');
    const declined = card.digits === TEST_CARDS.declined.replace(/\s/g, '');
    if (!success && !declined) {
      return retry(
        `This sandbox takes only its test cards: ${TEST_CARDS.success} (succeeds) or ${TEST_CARDS.declined} (declined).`,
      );
    }
    const cardEntity: CardEntity = {
      id: razorpayId('card'),
      entity: 'card',
      name: card.name,
      last4: card.digits.slice(-4),
      network: card.digits.startsWith('4') ? 'Visa' : 'MasterCard',
      type: 'credit',
      issuer: null,
      international: false,
      emi: false,
      sub_type: 'consumer',
      token_iin: null,
    };
    const notes: Notes = Object.keys(p.notes).length > 0 ? { ...p.notes } : [];
    let result: ReturnType<SandboxStore['recordAttempt']>;
    try {
      result = store.recordAttempt(order.id, {
        success,
        card: cardEntity,
        email,
        contact,
        notes,
        description: p.description || null,
        failure: success ? undefined : DECLINE,
      });
    } catch (err) {
      if (err instanceof RazorpayApiError)
        return html(reply, err.statusCode, renderErrorPage('Payment not possible', err.message, order, p));
      throw err;
    }
    const { payment } = result;
    if (!success) {
      webhooks.emit('payment.failed', { payment });
      const failure: FailureFields = { ...DECLINE, metadata: { payment_id: payment.id, order_id: order.id } };
      return html(reply, 402, renderCheckoutPage(p, order, { declined: failure, email, contact }));
    }
    webhooks.emit('payment.authorized', { payment: { ...payment, status: 'authorized', captured: false } });
    webhooks.emit('payment.captured', { payment });
    webhooks.emit('order.paid', { payment, order: result.order });
    const fields = {
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: paymentSignature(order.id, payment.id, secret),
    };
    return html(reply, 200, renderSuccessPage(p, order, fields));
  });

  app.get('/health', async () => ({ ok: true, ...store.size }));

  await app.listen({ port: opts.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);
  const localBase = `http://${urlHost(host)}:${port}`;
  publicBase = (opts.publicUrl || localBase).replace(/\/+$/, '');

  let stopped = false;
  return {
    url: publicBase,
    apiUrl: localBase,
    checkoutUrl: `${publicBase}/v1/checkout.js`,
    setWebhookUrl: (url) => webhooks.setUrl(url || undefined),
    webhookDeliveries: () => webhooks.deliveries,
    setRefundOutcome: refundsAndDisputes.setRefundOutcome,
    raiseDispute: refundsAndDisputes.raiseDispute,
    closeDispute: refundsAndDisputes.closeDispute,
    async stop() {
      if (stopped) return;
      stopped = true;
      await webhooks.stop();
      await app.close();
    },
  };
}
