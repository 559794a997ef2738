import { runPeriodically, type ServiceApp } from '@liveedu/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from 'mongodb';
import { notificationsConfig } from '../config.ts';
import { NOTIFICATIONS } from '../inbox/store.ts';
import type { Kind } from '../preferences/domain.ts';
import { preferencesFor } from '../preferences/store.ts';
import { recipientOf } from '../recipients/store.ts';
import { digestMail, digestSlot, groupForDigest, unsubscribeHeaders } from './domain.ts';
import { type Outgoing, outgoingMail } from './outgoing.ts';
import { claimDigest, dueDigests } from './store.ts';

interface DigestRun {
  db: Db;
  out: Outgoing;
  log: FastifyBaseLogger;
  /** The hour of the day (UTC) digests go out. */
  hour: number;
  now?: Date;
}

/**
 * Sends every digest due at `now`: for each user with notifications waiting from before the last
 * digest time, one mail grouping those not mailed yet whose kind is not turned off since. Answers
 * how many mails went.
 */
export async function sendDueDigests({ db, out, log, hour, now = new Date() }: DigestRun): Promise<number> {
  const slot = digestSlot(now, hour);
  let sent = 0;
  for (const userId of await dueDigests(db, slot)) {
    const ids = await claimDigest(db, userId, slot);
    if (ids.length === 0) continue;
    if (await sendDigest(db, out, log, userId, ids)) sent += 1;
  }
  return sent;
}

async function sendDigest(db: Db, out: Outgoing, log: FastifyBaseLogger, userId: string, ids: string[]) {
  const [person, preferences] = await Promise.all([recipientOf(db, userId), preferencesFor(db, userId)]);
  if (!person?.email) return false;
  const waiting = await NOTIFICATIONS.in(db)
    .find({ _id: { $in: ids }, mailedAt: { $exists: false } })
    .toArray();
  const chosen = waiting.filter((n) => n.userId === userId && preferences[n.kind] !== 'off');
  if (chosen.length === 0) return false;
  await NOTIFICATIONS.in(db).updateMany(
    { _id: { $in: chosen.map((n) => n._id) }, mailedAt: { $exists: false } },
    { $set: { mailedAt: new Date() } },
  );
  const kinds: Kind[] = groupForDigest(chosen).map((group) => group.kind);
  const unsubscribeAll = out.unsubscribe(userId, kinds);
  const mail = digestMail(chosen, {
    publicUrl: out.publicUrl,
    name: person.name,
    unsubscribe: (kind) => out.unsubscribe(userId, [kind]),
  });
  try {
    await out.mailer.send({ to: person.email, ...mail, headers: unsubscribeHeaders(unsubscribeAll) });
    return true;
  } catch (error) {
    log.error({ err: error, to: out.mailer.destination }, 'could not send a digest mail');
    return false;
  }
}

/**
 * Looks for due digests once the service is ready and every `DIGEST_CHECK_SECONDS` after; once a
 * day's digests are all sent, this replica looks again only when the next day's time comes.
 */
export function scheduleDigests(app: ServiceApp): void {
  const settings = notificationsConfig(app.config);
  let doneUpTo = 0;
  runPeriodically(
    app,
    settings.digestCheckMs,
    async () => {
      const now = new Date();
      const slot = digestSlot(now, settings.digestHour).getTime();
      if (slot === doneUpTo) return;
      const out = outgoingMail(app.config);
      await sendDueDigests({ db: app.db, out, log: app.log, hour: settings.digestHour, now });
      doneUpTo = slot;
    },
    'could not send the daily digests',
  );
}
