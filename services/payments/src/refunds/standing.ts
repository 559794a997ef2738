/**
 * What the order history shows of each paid line's refund: the rule, the student's standing with
 * it, and the line's latest request. The progress of a page's courses is asked of the catalog
 * together (one call per 24 courses, one for a page of the default size); a catalog that does not
 * answer leaves the percent out rather than failing the page.
 */
import { LEARNER_STANDINGS_MAX } from '@liveedu/contracts';
import type { ServiceApp } from '@liveedu/service-kit';
import type { WithId } from 'mongodb';
import { paymentsDeps } from '../checkout/deps.ts';
import type { PaymentDoc } from '../payments/store.ts';
import { type RefundStanding, refundStanding } from './domain.ts';
import { latestRequestsOf } from './store.ts';

/** How much of each course the student completed, by course id; empty when the catalog is down. */
async function completedPercents(
  app: ServiceApp,
  studentId: string,
  courseIds: string[],
  requestId: string,
): Promise<Map<string, number>> {
  const chunks: string[][] = [];
  for (let at = 0; at < courseIds.length; at += LEARNER_STANDINGS_MAX) {
    chunks.push(courseIds.slice(at, at + LEARNER_STANDINGS_MAX));
  }
  const { catalog } = paymentsDeps(app);
  try {
    const answers = await Promise.all(
      chunks.map((ids) =>
        catalog.call(
          'learnerStandings',
          { params: { studentId }, query: { courseIds: ids.join(',') } },
          requestId,
        ),
      ),
    );
    return new Map(
      answers.flatMap((answer) =>
        answer.ok ? answer.body.standings.map((s) => [s.courseId, s.completedPercent] as const) : [],
      ),
    );
  } catch (error) {
    app.log.warn(
      { err: error },
      'the catalog did not say how far the student got; the history goes without it',
    );
    return new Map();
  }
}

/** The refund standing of each paid line among `rows` (the caller's own), by row id. */
export async function refundStandings(
  app: ServiceApp,
  studentId: string,
  rows: readonly WithId<PaymentDoc>[],
  requestId: string,
  now = new Date(),
): Promise<Map<string, RefundStanding>> {
  const paid = rows.filter((row) => row.success);
  if (paid.length === 0) return new Map();
  const courseIds = [...new Set(paid.map((row) => row.courseId))];
  const [percents, requests] = await Promise.all([
    completedPercents(app, studentId, courseIds, requestId),
    latestRequestsOf(
      app.db,
      paid.map((row) => row._id),
    ),
  ]);
  return new Map(
    paid.map((row) => {
      const id = row._id.toHexString();
      const request = requests.get(id);
      const completedPercent = percents.get(row.courseId);
      return [
        id,
        refundStanding({
          paidAt: row.paidAt ?? row.createdAt,
          ...(completedPercent === undefined ? {} : { completedPercent }),
          ...(request ? { request: { id: request._id.toHexString(), status: request.status } } : {}),
          now,
        }),
      ];
    }),
  );
}
