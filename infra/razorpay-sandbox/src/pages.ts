import type { OrderEntity } from './store.ts';

export const TEST_CARDS = {
  success: '4111 1111 1111 1111',
  declined: '4000 0000 0000 0002',
} as const;

export interface CheckoutParams {
  keyId: string;
  orderId: string;
  amount: string;
  currency: string;
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  notes: Record<string, string>;
  callbackUrl: string;
  cancelUrl: string;
  /** `page`: full-page (redirect) checkout; `iframe`: opened by checkout.js in a modal. */
  mode: 'page' | 'iframe';
  parentOrigin: string;
}

export interface FailureFields {
  code: string;
  description: string;
  source: string;
  step: string;
  reason: string;
  metadata: { payment_id?: string; order_id: string };
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON that is safe inside an inline `<script>`. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function formatAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency }).format(amount / 100);
}

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}

/** The options that travel with the card form so the POST is self-contained. */
function carriedFields(p: CheckoutParams): string {
  const fields: Array<[string, string]> = [
    ['key_id', p.keyId],
    ['order_id', p.orderId],
    ['name', p.name],
    ['description', p.description],
    ['prefill[name]', p.prefill.name],
    ['callback_url', p.callbackUrl],
    ['cancel_url', p.cancelUrl],
    ['sandbox_mode', p.mode],
    ['parent_origin', p.parentOrigin],
  ];
  if (p.amount) fields.push(['amount', p.amount]);
  if (p.currency) fields.push(['currency', p.currency]);
  for (const [k, v] of Object.entries(p.notes)) fields.push([`notes[${k}]`, v]);
  return fields.map(([k, v]) => hidden(k, v)).join('\n      ');
}

function failureFormFields(f: FailureFields): string {
  return [
    hidden('error[code]', f.code),
    hidden('error[description]', f.description),
    hidden('error[source]', f.source),
    hidden('error[step]', f.step),
    hidden('error[reason]', f.reason),
    hidden('error[metadata]', JSON.stringify(f.metadata)),
  ].join('\n      ');
}

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef2f7;color:#1c2230}
  main{max-width:420px;margin:24px auto;background:#fff;border-radius:10px;box-shadow:0 6px 24px rgba(20,30,60,.12);overflow:hidden}
  header{background:#0b3b8c;color:#fff;padding:18px 22px}
  header h1{margin:0;font-size:18px}
  header p{margin:4px 0 0;font-size:14px;opacity:.9}
  .amount{font-size:26px;font-weight:700;margin-top:10px}
  .sandbox{display:inline-block;background:#ffcf4d;color:#3b2c00;font-size:11px;font-weight:700;border-radius:4px;padding:2px 6px;margin-bottom:8px}
  section{padding:18px 22px}
  label{display:block;font-size:13px;font-weight:600;margin:12px 0 4px}
  input[type=text],input[type=email],input[type=tel]{width:100%;padding:10px;border:1px solid #c5cdd9;border-radius:6px;font-size:15px}
  .row{display:flex;gap:10px}.row>div{flex:1}
  button{width:100%;margin-top:16px;padding:12px;border:0;border-radius:6px;background:#2b6ef2;color:#fff;font-size:16px;font-weight:600;cursor:pointer}
  button.secondary{background:#e4e8ef;color:#1c2230;font-weight:500}
  .alert{border-radius:6px;padding:12px;margin-bottom:8px;font-size:14px}
  .alert.error{background:#fde8e8;color:#8a1111;border:1px solid #f3b4b4}
  .alert.ok{background:#e5f6ea;color:#0f5a26;border:1px solid #9fd8b0}
  .cards{background:#f5f7fb;border:1px dashed #b8c2d3;border-radius:6px;padding:10px 12px;font-size:13px;margin-top:14px}
  .cards code{font-size:14px;font-weight:600}
  .muted{color:#5d6778;font-size:12px}
  dl{font-size:13px;margin:0}dt{font-weight:600;margin-top:6px}dd{margin:0;word-break:break-all}
`;

function layout(title: string, outcome: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main data-outcome="${outcome}">
${body}
</main>
${script ? `<script>${script}</script>` : ''}
</body>
</html>`;
}

function header(p: CheckoutParams, order: OrderEntity): string {
  return `<header>
  <span class="sandbox">TEST MODE · SANDBOX</span>
  <h1>${escapeHtml(p.name || 'Checkout')}</h1>
  ${p.description ? `<p>${escapeHtml(p.description)}</p>` : ''}
  <div class="amount" data-amount="${order.amount}" data-currency="${escapeHtml(order.currency)}">${escapeHtml(formatAmount(order.amount, order.currency))}</div>
  <p class="muted" style="color:#dfe7f7">Order ${escapeHtml(order.id)}</p>
</header>`;
}

function cancelControl(p: CheckoutParams, failure: FailureFields, label: string): string {
  if (p.mode === 'iframe') {
    return `<button type="button" class="secondary" id="rzp-cancel">${escapeHtml(label)}</button>`;
  }
  if (p.cancelUrl) {
    return `<form id="rzp-cancel-form" method="get" action="${escapeHtml(p.cancelUrl)}"><button type="submit" class="secondary">${escapeHtml(label)}</button></form>`;
  }
  return `<form id="rzp-failure-form" method="post" action="${escapeHtml(p.callbackUrl)}">
      ${failureFormFields(failure)}
      <button type="submit" class="secondary">${escapeHtml(label)}</button>
    </form>`;
}

/** The card form, optionally with the outcome of a previous attempt. */
export function renderCheckoutPage(
  p: CheckoutParams,
  order: OrderEntity,
  state: { message?: string; declined?: FailureFields; email?: string; contact?: string } = {},
): string {
  const email = state.email ?? p.prefill.email;
  const contact = state.contact ?? p.prefill.contact;
  const pay = formatAmount(order.amount, order.currency);
  const cancelFailure: FailureFields = state.declined ?? {
    code: 'BAD_REQUEST_ERROR',
    description: 'Payment processing cancelled by user',
    source: 'customer',
    step: 'payment_authentication',
    reason: 'payment_cancelled',
    metadata: { order_id: order.id },
  };
  const alert = state.declined
    ? `<div class="alert error" role="alert" id="rzp-declined"><strong>Payment declined.</strong> ${escapeHtml(state.declined.description)}</div>`
    : state.message
      ? `<div class="alert error" role="alert" id="rzp-error">${escapeHtml(state.message)}</div>`
      : '';
  const body = `${header(p, order)}
<section>
  ${alert}
  <form id="rzp-pay-form" method="post" action="pay" autocomplete="off">
      ${carriedFields(p)}
    <label for="email">Email</label>
    <input type="email" id="email" name="email" value="${escapeHtml(email)}" required>
    <label for="contact">Phone</label>
    <input type="tel" id="contact" name="contact" value="${escapeHtml(contact)}">
    <label for="card-number">Card number</label>
    <input type="text" id="card-number" name="card[number]" inputmode="numeric" placeholder="4111 1111 1111 1111" required>
    <label for="card-name">Name on card</label>
    <input type="text" id="card-name" name="card[name]" value="${escapeHtml(p.prefill.name)}">
    <div class="row">
      <div><label for="card-expiry">Expiry (MM/YY)</label>
      <input type="text" id="card-expiry" name="card[expiry]" placeholder="12/30" required></div>
      <div><label for="card-cvv">CVV</label>
      <input type="text" id="card-cvv" name="card[cvv]" inputmode="numeric" placeholder="123" required></div>
    </div>
    <button type="submit" id="rzp-pay">Pay ${escapeHtml(pay)}</button>
  </form>
  ${cancelControl(p, cancelFailure, state.declined ? 'Cancel and return to merchant' : 'Cancel payment')}
  <div class="cards" id="rzp-test-cards">
    <strong>Test cards</strong> (any future expiry, any 3-digit CVV)<br>
    <code data-card="success">${TEST_CARDS.success}</code> — payment succeeds<br>
    <code data-card="declined">${TEST_CARDS.declined}</code> — payment is declined
  </div>
</section>`;
  const script =
    p.mode === 'iframe'
      ? iframeScript(p, state.declined ? { type: 'payment.failed', error: state.declined } : null)
      : '';
  return layout(`Pay ${pay}`, state.declined ? 'declined' : state.message ? 'invalid' : 'form', body, script);
}

function iframeScript(p: CheckoutParams, message: unknown): string {
  const target = p.parentOrigin && p.parentOrigin !== 'null' ? p.parentOrigin : '*';
  return `(function(){
  var target=${scriptJson(target)};
  function send(m){m.source='razorpay-sandbox';if(window.parent&&window.parent!==window){window.parent.postMessage(m,target);}}
  var msg=${scriptJson(message)};
  if(msg){send(msg);}
  var c=document.getElementById('rzp-cancel');
  if(c){c.addEventListener('click',function(){send({type:'dismiss'});});}
})();`;
}

/**
 * After a successful payment: in a full-page checkout a form that posts the signed fields to the
 * callback URL and submits itself; in the modal the fields go to the opener, which calls the
 * `handler` or posts them to `callback_url` itself.
 */
export function renderSuccessPage(
  p: CheckoutParams,
  order: OrderEntity,
  fields: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string },
): string {
  const summary = `<dl>
      <dt>Payment</dt><dd id="rzp-payment-id">${escapeHtml(fields.razorpay_payment_id)}</dd>
      <dt>Order</dt><dd>${escapeHtml(fields.razorpay_order_id)}</dd>
    </dl>`;
  if (p.mode === 'iframe') {
    const body = `${header(p, order)}
<section>
  <div class="alert ok" role="status">Payment successful.</div>
  ${summary}
</section>`;
    return layout(
      'Payment successful',
      'success',
      body,
      iframeScript(p, { type: 'payment.success', response: fields }),
    );
  }
  const body = `${header(p, order)}
<section>
  <div class="alert ok" role="status">Payment successful. Returning to ${escapeHtml(p.name || 'the merchant')}…</div>
  ${summary}
  <form id="rzp-callback-form" method="post" action="${escapeHtml(p.callbackUrl)}">
      ${hidden('razorpay_payment_id', fields.razorpay_payment_id)}
      ${hidden('razorpay_order_id', fields.razorpay_order_id)}
      ${hidden('razorpay_signature', fields.razorpay_signature)}
    <noscript><button type="submit">Continue</button></noscript>
  </form>
</section>`;
  return layout(
    'Payment successful',
    'success',
    body,
    "document.getElementById('rzp-callback-form').submit();",
  );
}

export function renderErrorPage(
  title: string,
  message: string,
  order?: OrderEntity,
  p?: CheckoutParams,
): string {
  const head =
    order && p
      ? header(p, order)
      : '<header><span class="sandbox">TEST MODE · SANDBOX</span><h1>Checkout</h1></header>';
  const close =
    p?.mode === 'iframe' ? '<button type="button" class="secondary" id="rzp-cancel">Close</button>' : '';
  const body = `${head}
<section>
  <div class="alert error" role="alert" id="rzp-error"><strong>${escapeHtml(title)}</strong><br>${escapeHtml(message)}</div>
  ${close}
</section>`;
  return layout(title, 'error', body, p?.mode === 'iframe' ? iframeScript(p, null) : '');
}
