import type { FastifyBaseLogger } from 'fastify';
import type { Db } from 'mongodb';
import { NOTIFICATIONS, type NotificationDoc } from '../inbox/store.ts';
import type { RecipientDoc } from '../recipients/store.ts';
import { instantMail, unsubscribeHeaders } from './domain.ts';
import type { Outgoing } from './outgoing.ts';

/** Mails sent at the same moment, at most. */
const AT_ONCE = 8;

/**
 * Mails each notification to its user at once. A notification is marked mailed before its mail
 * goes, so a repeated event never mails twice; a mail that fails is logged, not retried.
 */
export async function mailAtOnce(
  db: Db,
  out: Outgoing,
  log: FastifyBaseLogger,
  notifications: readonly NotificationDoc[],
  people: ReadonlyMap<string, RecipientDoc>,
): Promise<void> {
  const queue = notifications.filter((n) => people.get(n.userId)?.email);
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const person = people.get(next.userId) as RecipientDoc;
      const claimed = await NOTIFICATIONS.in(db).updateOne(
        { _id: next._id, mailedAt: { $exists: false } },
        { $set: { mailedAt: new Date() } },
      );
      if (claimed.modifiedCount !== 1) continue;
      const unsubscribe = out.unsubscribe(next.userId, [next.kind]);
      const mail = instantMail(next, { publicUrl: out.publicUrl, name: person.name, unsubscribe });
      await out.mailer
        .send({ to: person.email as string, ...mail, headers: unsubscribeHeaders(unsubscribe) })
        .catch((error: unknown) => {
          log.error(
            { err: error, to: out.mailer.destination, kind: next.kind },
            'could not send a notification mail',
          );
        });
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, queue.length) }, worker));
}
