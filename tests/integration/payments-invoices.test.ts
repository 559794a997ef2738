/**
 * GST tax invoices and credit notes through the gateway: real purchases paid on the Razorpay
 * sandbox get invoice numbers without gaps however many are paid at once, and the PDFs say what
 * the law asks (read back with pdftotext, as a person would read them).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { CourseDetails, PaymentRecord } from '@liveedu/api-client';
import type { PaymentsPaymentSucceededData } from '@liveedu/contracts';
import { installPdftotext } from '@liveedu/local-servers';
import { LOCAL_INVOICE_ISSUER } from '@liveedu/payments';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseDetails,
  createCourse,
  newTutor,
  payAndReturn,
  publishPaymentSucceeded,
  publishRefundProcessed,
  readOk,
} from '../support/flows.ts';
import { purchaseStack } from '../support/platform.ts';
import { eventually, type Session, type TestStack } from '../support/stack.ts';

/** An order-history line with the numbers of its tax documents. */
type Line = PaymentRecord & { invoiceNumber?: string; creditNoteNumber?: string };

const PRICE = 499;
const CROWD = 50;
const run = promisify(execFile);

let stack: TestStack;
let tutor: Session;
let admin: Session;
let course: CourseDetails;
let pdftotext: string;
let scratch: string;

beforeAll(async () => {
  // poppler-utils from Debian, once per machine, as the other Debian tools tests need.
  pdftotext = await installPdftotext({ log: (line) => console.log(`[pdftotext] ${line}`) });
  scratch = await mkdtemp(join(tmpdir(), 'liveedu-invoices-'));
  ({ stack, admin } = await purchaseStack());
  tutor = await newTutor(stack, 'invoicetutor');
  course = await courseDetails(
    stack,
    await createCourse(stack, tutor, { title: 'Invoices in Practice', price: PRICE }),
    tutor,
  );
}, 600_000);
afterAll(async () => {
  await stack?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** India's financial year today, as its invoices name it (`2026-27`). */
function financialYearNow(): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  const first = month >= 4 ? year : year - 1;
  return `${first}-${String((first + 1) % 100).padStart(2, '0')}`;
}

/** Opens an order as the checkout page does, with the buyer's GST state when one is given. */
async function openOrder(student: Session, billingState?: string): Promise<string> {
  const opened = await stack.call<{ orderId: string }>('POST', '/api/v1/checkout', {
    as: student,
    body: {
      course: course._id,
      amount: course.price,
      paymentTo: course.courseCreatedBy._id,
      paymentBy: student._id,
      ...(billingState ? { billingState } : {}),
    },
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  return opened.body.orderId;
}

/** A new student who bought the course on the sandbox; answers the order id. */
async function buyer(prefix: string, billingState?: string): Promise<{ student: Session; orderId: string }> {
  const student = await stack.newUser(prefix);
  const orderId = await openOrder(student, billingState);
  await payAndReturn(stack, student, orderId, course);
  return { student, orderId };
}

/** The student's order-history line of the order once `ready` holds for it. */
function lineOnce(student: Session, orderId: string, ready: (line: Line) => boolean, what: string) {
  return eventually(
    async () => {
      const history = await readOk<{ data: Line[] }>(stack, '/api/v1/order-history?limit=100', student);
      const line = history.data.find((l) => l.razorpay_order_id === orderId);
      return line && ready(line) ? line : undefined;
    },
    60_000,
    what,
  );
}

async function invoiceNumberOf(student: Session, orderId: string): Promise<string> {
  const line = await lineOnce(
    student,
    orderId,
    (l) => l.invoiceNumber !== undefined,
    `the invoice of ${orderId}`,
  );
  return line.invoiceNumber as string;
}

/** A PDF route through the gateway as `who` (or a visitor): status, headers and bytes. */
async function download(path: string, who?: Session) {
  const response = await fetch(`${stack.url}${path}`, {
    headers: who ? { authorization: `Bearer ${who.token}`, id: who._id } : {},
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    bytes,
    json: () => JSON.parse(bytes.toString('utf8')) as unknown,
  };
}

let files = 0;
/** The text of a PDF as pdftotext lays it out (its table rows kept as rows). */
async function textOf(pdf: Buffer): Promise<string> {
  files += 1;
  const file = join(scratch, `document-${files}.pdf`);
  await writeFile(file, pdf);
  const { stdout } = await run(pdftotext, ['-layout', '-enc', 'UTF-8', file, '-']);
  return stdout;
}

const seqOf = (number: string) => Number(number.split('/')[2]);
const invoicePath = (orderId: string) => `/api/v1/orders/${orderId}/invoice.pdf`;
const creditNotePath = (orderId: string, courseId: string) =>
  `/api/v1/orders/${orderId}/credit-note.pdf?courseId=${courseId}`;

/**
 * What payments publishes once Razorpay refunded the course of the order (under an id of its own
 * each time, as a redelivery of another request's refund would be).
 */
function publishRefund(line: Line, student: Session) {
  return publishRefundProcessed(
    stack.services.payments,
    {
      orderId: line.razorpay_order_id,
      paymentId: line.razorpay_payment_id as string,
      courseId: course._id,
      courseTitle: course.title,
      studentId: student._id,
      tutorId: tutor._id,
      amountPaise: PRICE * 100,
    },
    {},
    { id: `refund-processed:${line.razorpay_order_id}:${course._id}:${new ObjectId().toHexString()}` },
  );
}

describe('invoice numbers', () => {
  it(`${CROWD} purchases paid at once get ${CROWD} consecutive numbers, none skipped or repeated`, async () => {
    const students = await Promise.all(Array.from({ length: CROWD }, () => stack.newUser('crowd')));
    const states = ['29', '27', undefined, '07', '33'];
    const orders = await Promise.all(
      students.map((student, i) => openOrder(student, states[i % states.length])),
    );
    await Promise.all(
      students.map((student, i) => payAndReturn(stack, student, orders[i] as string, course)),
    );

    const numbers = await Promise.all(
      students.map((student, i) => invoiceNumberOf(student, orders[i] as string)),
    );
    const fy = financialYearNow();
    for (const number of numbers) expect(number).toMatch(new RegExp(`^LE/${fy}/\\d{6}$`));
    const seqs = numbers.map(seqOf).sort((a, b) => a - b);
    expect(new Set(seqs).size).toBe(CROWD);
    expect(seqs).toEqual(Array.from({ length: CROWD }, (_, i) => (seqs[0] as number) + i));
  }, 300_000);

  it("an order's invoice is issued once, however often its payment is announced again", async () => {
    const first = await buyer('announced', '29');
    const number = await invoiceNumberOf(first.student, first.orderId);
    const line = await lineOnce(first.student, first.orderId, () => true, 'the line');
    // The payment announced again under other ids, as a cart's other lines and a redelivery are.
    const sale: Partial<PaymentsPaymentSucceededData> &
      Pick<PaymentsPaymentSucceededData, 'tutorId' | 'amountPaise'> = {
      orderId: first.orderId,
      paymentId: line.razorpay_payment_id as string,
      courseId: course._id,
      courseTitle: course.title,
      studentId: first.student._id,
      tutorId: tutor._id,
      amountPaise: PRICE * 100,
    };
    for (let i = 0; i < 3; i += 1) {
      await publishPaymentSucceeded(stack.services.payments, sale, {
        id: `payment-succeeded:${first.orderId}:again${i}`,
      });
    }
    // The next purchase (its event after those) takes the very next number.
    const next = await buyer('afterannounced', '29');
    expect(seqOf(await invoiceNumberOf(next.student, next.orderId))).toBe(seqOf(number) + 1);
    const pdf = await download(invoicePath(first.orderId), first.student);
    expect(await textOf(pdf.bytes)).toContain(`Invoice number: ${number}`);
  }, 120_000);
});

describe('the invoice PDF', () => {
  it("of a buyer in the platform's state: GSTIN, number, buyer, state, SAC, CGST and SGST, total", async () => {
    const { student, orderId } = await buyer('karnataka', '29');
    const number = await invoiceNumberOf(student, orderId);

    const pdf = await download(invoicePath(orderId), student);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.disposition).toBe(`attachment; filename="${number.replaceAll('/', '-')}.pdf"`);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await textOf(pdf.bytes);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(LOCAL_INVOICE_ISSUER.legalName);
    expect(text).toContain(`GSTIN: ${LOCAL_INVOICE_ISSUER.gstin}`);
    expect(text).toContain(`Invoice number: ${number}`);
    expect(text).toContain(`Order: ${orderId}`);
    expect(text).toContain(`Buyer: ${student.username}`);
    expect(text).toContain('Buyer state: Karnataka (29)');
    expect(text).toContain('Place of supply: Karnataka (29)');
    // ₹499 with GST included: ₹422.88 taxable, ₹76.12 tax halved into CGST and SGST.
    expect(text).toMatch(/CGST 9%\s+SGST 9%\s+Total/);
    expect(text).toMatch(/Invoices in Practice\s+999293\s+422\.88\s+38\.06\s+38\.06\s+499\.00/);
    expect(text).toContain('CGST @ 9%: 38.06');
    expect(text).toContain('SGST @ 9%: 38.06');
    expect(text).toContain('Total (INR): 499.00');
    expect(text).toContain('Prices include GST at 18%');
    expect(text).not.toContain('IGST');

    // The admin reads the same document; nobody else learns the order exists.
    const asAdmin = await download(invoicePath(orderId), admin);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.bytes.equals(pdf.bytes)).toBe(true);
    const stranger = await stack.newUser('stranger');
    const theirs = await download(invoicePath(orderId), stranger);
    const none = await download(invoicePath(`order_${new ObjectId().toHexString().slice(0, 14)}`), stranger);
    expect(theirs.status).toBe(404);
    expect(none.status).toBe(404);
    expect(theirs.json()).toEqual({ message: 'No invoice for this order' });
    expect(none.json()).toEqual(theirs.json());
    expect((await download(invoicePath(orderId))).status).toBe(401);
  }, 120_000);

  it('of a buyer in another state charges IGST; a buyer who gave no state is taxed as another state', async () => {
    const other = await buyer('maharashtra', '27');
    const number = await invoiceNumberOf(other.student, other.orderId);
    const text = await textOf((await download(invoicePath(other.orderId), other.student)).bytes);
    expect(text).toContain(`Invoice number: ${number}`);
    expect(text).toContain('Buyer state: Maharashtra (27)');
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).toMatch(/IGST 18%\s+Total/);
    expect(text).toMatch(/Invoices in Practice\s+999293\s+422\.88\s+76\.12\s+499\.00/);
    expect(text).toContain('IGST @ 18%: 76.12');
    expect(text).toContain('Total (INR): 499.00');
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('SGST');

    const unstated = await buyer('nostate');
    await invoiceNumberOf(unstated.student, unstated.orderId);
    const plain = await textOf((await download(invoicePath(unstated.orderId), unstated.student)).bytes);
    expect(plain).toContain('Buyer state: State not given');
    expect(plain).toContain('IGST @ 18%: 76.12');
  }, 120_000);

  it('is not there for an order not paid, and refuses ids and queries of the wrong shape', async () => {
    const student = await stack.newUser('unpaid');
    const orderId = await openOrder(student, '29');
    const unpaid = await download(invoicePath(orderId), student);
    expect(unpaid.status).toBe(404);
    expect(unpaid.json()).toEqual({ message: 'No invoice for this order' });
    const badId = await download(invoicePath('order.x'), student);
    expect(badId.status).toBe(400);
    expect(badId.json()).toEqual({ message: expect.any(String) });
    const longId = await download(invoicePath(`order_${'x'.repeat(80)}`), student);
    expect(longId.status).toBe(400);
    const noCourse = await download(`/api/v1/orders/${orderId}/credit-note.pdf`, student);
    expect(noCourse.status).toBe(400);
    expect(noCourse.json()).toEqual({ message: expect.any(String) });
    const badCourse = await download(`/api/v1/orders/${orderId}/credit-note.pdf?courseId=zz`, student);
    expect(badCourse.status).toBe(400);
  });
});

describe('credit notes', () => {
  it('a refunded course gets a credit note against its invoice, once, for the amount and tax given back', async () => {
    const { student, orderId } = await buyer('refunded', '27');
    const invoiceNumber = await invoiceNumberOf(student, orderId);
    const line = await lineOnce(student, orderId, () => true, 'the line');
    const path = creditNotePath(orderId, course._id);
    expect((await download(path, student)).status).toBe(404);

    await publishRefund(line, student);
    const refunded = await lineOnce(
      student,
      orderId,
      (l) => l.creditNoteNumber !== undefined,
      'the credit note',
    );
    const number = refunded.creditNoteNumber as string;
    expect(number).toMatch(new RegExp(`^LE-CN/${financialYearNow()}/\\d{6}$`));
    expect(refunded.invoiceNumber).toBe(invoiceNumber);

    const pdf = await download(path, student);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.disposition).toBe(`attachment; filename="${number.replaceAll('/', '-')}.pdf"`);
    const text = await textOf(pdf.bytes);
    expect(text).toContain('Credit Note');
    expect(text).toContain(`GSTIN: ${LOCAL_INVOICE_ISSUER.gstin}`);
    expect(text).toContain(`Credit note number: ${number}`);
    expect(text).toContain(`Against invoice: ${invoiceNumber}`);
    expect(text).toContain(`Buyer: ${student.username}`);
    expect(text).toContain('Buyer state: Maharashtra (27)');
    expect(text).toMatch(/Invoices in Practice\s+999293\s+422\.88\s+76\.12\s+499\.00/);
    expect(text).toContain('IGST @ 18%: 76.12');
    expect(text).toContain('Total credited (INR): 499.00');

    // Announced again, it is the same note; the next refund takes the next number.
    await publishRefund(line, student);
    const second = await buyer('refundedtoo', '29');
    const secondLine = await lineOnce(
      second.student,
      second.orderId,
      (l) => l.invoiceNumber !== undefined,
      'paid',
    );
    await publishRefund(secondLine, second.student);
    const secondNote = await lineOnce(
      second.student,
      second.orderId,
      (l) => l.creditNoteNumber !== undefined,
      'the second credit note',
    );
    expect(seqOf(secondNote.creditNoteNumber as string)).toBe(seqOf(number) + 1);
    expect((await lineOnce(student, orderId, () => true, 'the line')).creditNoteNumber).toBe(number);
    const split = await textOf(
      (await download(creditNotePath(second.orderId, course._id), second.student)).bytes,
    );
    expect(split).toContain('CGST @ 9%: 38.06');
    expect(split).toContain('SGST @ 9%: 38.06');

    // The admin may read it; another student, or another course of the order, finds nothing.
    expect((await download(path, admin)).status).toBe(200);
    const stranger = await download(path, await stack.newUser('snoop'));
    expect(stranger.status).toBe(404);
    expect(stranger.json()).toEqual({ message: 'No credit note for this course of this order' });
    const otherCourse = await download(creditNotePath(orderId, new ObjectId().toHexString()), student);
    expect(otherCourse.status).toBe(404);
    expect(otherCourse.json()).toEqual(stranger.json());
  }, 180_000);
});
