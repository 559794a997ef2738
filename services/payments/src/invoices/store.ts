import { isDuplicateKey, type StoredCollection, storedCollection } from '@liveedu/service-kit';
import type { Db, ObjectId } from 'mongodb';
import { PAYMENTS } from '../payments/store.ts';
import {
  type CounterState,
  type HolderState,
  type NumberStep,
  nextNumber,
  numbered,
  type TaxDocumentDraft,
  type TaxDocumentFields,
} from './domain.ts';

/** An issued invoice (keyed by the Razorpay order id) or credit note (keyed `orderId:courseId`). */
export type TaxDocumentDoc = TaxDocumentFields & { _id: string };

/** One series' counter for one financial year: `_id` is the year (`2026-27`). */
export type CounterDoc = CounterState & { _id: string };

/** A number is never given twice in a year, whatever happens to the counters. */
const NUMBER_UNIQUE = { key: { fy: 1, seq: 1 }, name: 'number_unique', unique: true };

export const INVOICES = storedCollection<TaxDocumentDoc>('invoices', [NUMBER_UNIQUE]);
export const CREDIT_NOTES = storedCollection<TaxDocumentDoc>('credit_notes', [
  NUMBER_UNIQUE,
  { key: { orderId: 1 }, name: 'by_order' },
]);
export const INVOICE_COUNTERS = storedCollection<CounterDoc>('invoice_counters');
export const CREDIT_NOTE_COUNTERS = storedCollection<CounterDoc>('credit_note_counters');

/** Where a series keeps its documents and its yearly counters. */
export interface NumberSeries {
  documents: StoredCollection<TaxDocumentDoc>;
  counters: StoredCollection<CounterDoc>;
}

export const INVOICE_NUMBERS: NumberSeries = { documents: INVOICES, counters: INVOICE_COUNTERS };
export const CREDIT_NOTE_NUMBERS: NumberSeries = { documents: CREDIT_NOTES, counters: CREDIT_NOTE_COUNTERS };

/**
 * How long one issue keeps trying (lost compare-and-sets, a number not yet written) before it
 * gives up, to be retried with the event's redelivery.
 */
const PATIENCE_MS = 10_000;
const pause = (round: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.min(2 + round * 2, 50) * (0.5 + Math.random())));

/** Thrown while the year's last number is taken but its document not yet written. */
export class NumberPending extends Error {
  override name = 'NumberPending';
}

/**
 * Issues the document `key` once, numbered without gaps in its series and financial year, and
 * answers it (or the one issued before). The year's counter is moved by compare-and-set
 * (`{last: n, lastFor}` → `{last: n+1, lastFor: key}`), retried when another issue won. A number
 * is taken only after the last one's document is written; the document that took the last
 * number and has none yet (its writer stopped in between) takes that number again, and a number
 * its holder did not use is taken by the next document. So a crash anywhere, or the same
 * document issued many times at once, reuses a number instead of skipping one, and many issues
 * at once take consecutive numbers.
 */
export async function issueDocument(
  db: Db,
  series: NumberSeries,
  key: string,
  draft: TaxDocumentDraft,
  patienceMs = PATIENCE_MS,
): Promise<TaxDocumentDoc> {
  const documents = series.documents.in(db);
  const counters = series.counters.in(db);
  const until = Date.now() + patienceMs;
  for (let round = 0; Date.now() < until; round += 1) {
    const issued = await documents.findOne({ _id: key });
    if (issued) return issued;
    const counter = await counters.findOne({ _id: draft.fy });
    const step = nextNumber(counter, key, await holderState(documents, counter));
    if (step.kind === 'wait' || (step.kind === 'take' && !(await move(counters, draft.fy, step, key)))) {
      await pause(round);
      continue;
    }
    const document: TaxDocumentDoc = { _id: key, ...numbered(draft, step.seq) };
    try {
      await documents.insertOne(document);
      return document;
    } catch (error) {
      // Another writer of the same document got there first (the next round answers it), or the
      // number is another document's: the counter was set back by hand.
      if (!isDuplicateKey(error)) throw error;
      if (!(await documents.findOne({ _id: key }, { projection: { _id: 1 } }))) {
        throw new Error(
          `number ${document.number} is held by another document; the counter ${draft.fy} is behind`,
        );
      }
    }
  }
  throw new NumberPending(`no number could be taken for ${key} in ${draft.fy} yet`);
}

type Documents = ReturnType<NumberSeries['documents']['in']>;
type Counters = ReturnType<NumberSeries['counters']['in']>;

/** Whether the counter's last number is written on its holder's document. */
async function holderState(documents: Documents, counter: CounterDoc | null): Promise<HolderState> {
  if (!counter) return 'written';
  const holder = await documents.findOne({ _id: counter.lastFor }, { projection: { fy: 1, seq: 1 } });
  if (!holder) return 'unwritten';
  return holder.fy === counter._id && holder.seq === counter.last ? 'written' : 'elsewhere';
}

/** Moves the year's counter from `step.from` to `step.seq` for `key`, if nobody moved it first. */
async function move(
  counters: Counters,
  fy: string,
  step: Extract<NumberStep, { kind: 'take' }>,
  key: string,
): Promise<boolean> {
  if (!step.from) {
    try {
      await counters.insertOne({ _id: fy, last: step.seq, lastFor: key });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }
  const moved = await counters.updateOne(
    { _id: fy, last: step.from.last, lastFor: step.from.lastFor },
    { $set: { last: step.seq, lastFor: key } },
  );
  return moved.modifiedCount === 1;
}

/** Notes the invoice's number on the order's rows it lists, for the order history. */
export async function noteInvoiceNumber(db: Db, rowIds: readonly ObjectId[], number: string): Promise<void> {
  if (rowIds.length === 0) return;
  await PAYMENTS.in(db).updateMany(
    { _id: { $in: [...rowIds] }, amountPaise: { $gt: 0 }, invoiceNumber: { $ne: number } },
    { $set: { invoiceNumber: number } },
  );
}

/** Notes a credit note's number on the refunded course's row, for the order history. */
export async function noteCreditNoteNumber(
  db: Db,
  orderId: string,
  courseId: string,
  number: string,
): Promise<void> {
  await PAYMENTS.in(db).updateOne(
    { razorpay_order_id: orderId, courseId, creditNoteNumber: { $ne: number } },
    { $set: { creditNoteNumber: number } },
  );
}
