import { badRequest, RazorpayApiError } from './errors.ts';
import type { CheckoutParams } from './pages.ts';
import { type CreateOrderInput, type Notes, SUPPORTED_CURRENCIES } from './store.ts';

export type RawFields = Record<string, unknown>;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** One string from a query or form field (repeated fields take the first; absent is ''). */
export function field(raw: RawFields, name: string): string {
  let v = raw[name];
  if (v === undefined && name.includes('[')) {
    // Nested JSON (`{ prefill: { email } }`) as well as flat form keys (`prefill[email]`).
    const m = /^([^[]+)\[([^\]]+)\]$/.exec(name);
    const outer = m ? raw[m[1]!] : undefined;
    if (m && isRecord(outer)) v = outer[m[2]!];
  }
  if (Array.isArray(v)) v = v[0];
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return '';
}

/** `notes[k]=v` keys of a form, or a `notes` object of a JSON body. */
export function bracketGroup(raw: RawFields, group: string): Record<string, string> {
  const out: Record<string, string> = {};
  const nested = raw[group];
  if (isRecord(nested)) {
    for (const [k, v] of Object.entries(nested)) {
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
    }
  }
  const prefix = `${group}[`;
  for (const key of Object.keys(raw)) {
    if (key.startsWith(prefix) && key.endsWith(']')) {
      const k = key.slice(prefix.length, -1);
      if (k && !k.includes('[')) out[k] = field(raw, key);
    }
  }
  return out;
}

const MAX_NOTES = 15;
const MAX_NOTE_LENGTH = 256;
const MAX_AMOUNT = 1_000_000_000_00;
const ALLOWED_ORDER_FIELDS = new Set([
  'amount',
  'currency',
  'receipt',
  'notes',
  'payment_capture',
  'partial_payment',
]);

export function parseNotes(raw: RawFields): Notes {
  const value = raw.notes;
  let notes: Record<string, string | number>;
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) {
    notes = {};
    for (const [k, v] of Object.entries(bracketGroup(raw, 'notes'))) notes[k] = v;
  } else if (isRecord(value)) {
    notes = {};
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'string' || typeof v === 'number') notes[k] = v;
      else if (typeof v === 'boolean') notes[k] = String(v);
      else if (v !== null) throw badRequest(`notes.${k} must be a string or a number`, `notes.${k}`);
    }
  } else {
    throw badRequest('The notes field must be an object of key-value pairs', 'notes');
  }
  const entries = Object.entries(notes);
  if (entries.length > MAX_NOTES) {
    throw badRequest(`Number of fields in notes should be less than or equal to ${MAX_NOTES}`, 'notes');
  }
  for (const [k, v] of entries) {
    if (String(v).length > MAX_NOTE_LENGTH) {
      throw badRequest(`notes.${k} may not be greater than ${MAX_NOTE_LENGTH} characters.`, `notes.${k}`);
    }
  }
  return entries.length === 0 ? [] : notes;
}

/** Validates a create-order body (JSON, or form fields with `notes[k]`) as Razorpay does. */
export function parseCreateOrder(body: unknown): CreateOrderInput {
  if (!isRecord(body)) throw badRequest('The request body must be a JSON object with amount and currency');
  for (const key of Object.keys(body)) {
    const top = key.replace(/\[.*$/, '');
    if (!ALLOWED_ORDER_FIELDS.has(top)) {
      throw badRequest(`${top} is/are not required and should not be sent`, top, 'extra_field_sent');
    }
  }
  const rawAmount = Array.isArray(body.amount) ? body.amount[0] : body.amount;
  if (rawAmount === undefined || rawAmount === null || rawAmount === '') {
    throw badRequest('The amount field is required.', 'amount');
  }
  let amount: number;
  if (typeof rawAmount === 'number') amount = rawAmount;
  else if (typeof rawAmount === 'string' && /^-?\d+(\.\d+)?$/.test(rawAmount.trim()))
    amount = Number(rawAmount);
  else throw badRequest('The amount must be an integer.', 'amount');
  if (!Number.isInteger(amount)) throw badRequest('The amount must be an integer.', 'amount');
  const currency = field(body, 'currency');
  if (!currency) throw badRequest('The currency field is required.', 'currency');
  if (!SUPPORTED_CURRENCIES.has(currency))
    throw badRequest(`Currency ${currency} is not supported`, 'currency');
  if (amount < 100) {
    throw new RazorpayApiError(400, 'Order amount less than minimum amount allowed', {
      field: 'amount',
      reason: 'amount_less_than_minimum_amount',
      source: 'business',
      step: 'order_creation',
    });
  }
  if (amount > MAX_AMOUNT) throw badRequest('Order amount exceeds maximum amount allowed.', 'amount');
  let receipt: string | null = null;
  if (body.receipt !== undefined && body.receipt !== null) {
    if (typeof body.receipt !== 'string' && typeof body.receipt !== 'number') {
      throw badRequest('The receipt must be a string.', 'receipt');
    }
    receipt = String(body.receipt);
    if (receipt.length > 40)
      throw badRequest('The receipt may not be greater than 40 characters.', 'receipt');
  }
  const partial = field(body, 'partial_payment');
  if (partial === 'true' || partial === '1') {
    throw badRequest('Partial payments are not supported by this sandbox', 'partial_payment');
  }
  return { amount, currency, receipt, notes: parseNotes(body) };
}

function validHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

function validOrigin(value: string): boolean {
  if (value === 'null') return true;
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}

/** The checkout options as they reach the hosted page (query string, or a form POST from checkout.js). */
export function parseCheckoutParams(raw: RawFields): CheckoutParams {
  const mode = field(raw, 'sandbox_mode') === 'iframe' ? 'iframe' : 'page';
  const params: CheckoutParams = {
    keyId: field(raw, 'key_id') || field(raw, 'key'),
    orderId: field(raw, 'order_id'),
    amount: field(raw, 'amount'),
    currency: field(raw, 'currency'),
    name: field(raw, 'name').slice(0, 200),
    description: field(raw, 'description').slice(0, 500),
    prefill: {
      name: field(raw, 'prefill[name]').slice(0, 200),
      email: field(raw, 'prefill[email]').slice(0, 200),
      contact: field(raw, 'prefill[contact]').slice(0, 40),
    },
    notes: bracketGroup(raw, 'notes'),
    callbackUrl: field(raw, 'callback_url'),
    cancelUrl: field(raw, 'cancel_url'),
    mode,
    parentOrigin: field(raw, 'parent_origin'),
  };
  return params;
}

/** Problems with checkout options that make the page unusable; `null` when they are fine. */
export function checkoutOptionsProblem(p: CheckoutParams): string | null {
  if (!p.keyId) return 'The "key" option is required.';
  if (!p.orderId) return 'The "order_id" option is required.';
  if (p.mode === 'page' && !p.callbackUrl) {
    return 'A full-page checkout needs a "callback_url" to return to.';
  }
  if (p.callbackUrl && !validHttpUrl(p.callbackUrl)) return 'The "callback_url" must be an http(s) URL.';
  if (p.cancelUrl && !validHttpUrl(p.cancelUrl)) return 'The "cancel_url" must be an http(s) URL.';
  if (p.parentOrigin && !validOrigin(p.parentOrigin)) return 'The opener origin is not a valid origin.';
  if (Object.keys(p.notes).length > MAX_NOTES) return `At most ${MAX_NOTES} notes can be sent.`;
  for (const v of Object.values(p.notes)) {
    if (v.length > MAX_NOTE_LENGTH) return `Notes may not be longer than ${MAX_NOTE_LENGTH} characters.`;
  }
  return null;
}

export interface CardInput {
  digits: string;
  name: string;
  expiry: string;
  cvv: string;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Checks the card fields of the hosted form; returns a message for the customer, or `null`. */
export function cardProblem(card: CardInput, now = new Date()): string | null {
  if (!/^\d{12,19}$/.test(card.digits) || !luhnValid(card.digits)) return 'Enter a valid card number.';
  const m = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry);
  if (!m) return 'Enter the card expiry as MM/YY.';
  const month = Number(m[1]);
  let year = Number(m[2]);
  if (year < 100) year += 2000;
  if (month < 1 || month > 12) return 'Enter the card expiry as MM/YY.';
  const endOfExpiryMonth = new Date(Date.UTC(year, month, 1));
  if (endOfExpiryMonth.getTime() <= now.getTime()) return 'This card has expired.';
  if (!/^\d{3,4}$/.test(card.cvv)) return 'Enter the 3-digit CVV.';
  return null;
}
