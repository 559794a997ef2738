import { calendarKeys } from '@liveedu/calendar';
import { DEMO_STUDENTS, DEMO_TUTOR, type IntegrationEvent } from '@liveedu/contracts';
import { isDuplicateKey, type ServiceApp } from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { DEFAULT_AVATAR, emailKey, usernameKey } from '../accounts/domain.ts';
import { userRegistered, userUpdated } from '../accounts/events.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { USERS, type UserDoc } from '../accounts/store.ts';
import { identitySettings } from '../config.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const DEMO_TUTOR_BIO = [
  'Hi, I am Priya. I have taught programming for nine years, first as a lecturer in computer',
  'science at a college in Pune and now full time online, where more than 12,000 learners have',
  'taken my courses.',
  '',
  'I teach web development from the ground up: HTML and CSS, modern JavaScript, React and Node.js.',
  'Every course is built around small projects you finish in an evening, and every section ends',
  'with an exercise I would set my own students.',
  '',
  'Outside teaching I contribute to open-source tooling and mentor first-time contributors.',
].join('\n');

/**
 * Creates the demo tutor and students with their fixed ids, once: an account that exists (or
 * was deleted) is left as it is, so restarts change nothing and edits made in the demo survive.
 * Their events have fixed ids too, so a repeated publication is dropped by the stream.
 */
export async function seedDemoAccounts(app: ServiceApp): Promise<void> {
  const users = USERS.in(app.db);
  const ids = [DEMO_TUTOR.id, ...DEMO_STUDENTS.map((s) => s.id)].map((id) => new ObjectId(id));
  const existing = new Set(
    (await users.find({ _id: { $in: ids } }, { projection: { _id: 1 } }).toArray()).map((u) =>
      u._id.toHexString(),
    ),
  );
  const missing = [
    { ...DEMO_TUTOR, tutor: true, daysAgo: 120 },
    ...DEMO_STUDENTS.map((student, i) => ({ ...student, tutor: false, daysAgo: 20 - i * 5 })),
  ].filter((account) => !existing.has(account.id));
  if (missing.length === 0) return;

  const passwordHash = await hashPassword(identitySettings.of(app).DEMO_PASSWORD);
  for (const account of missing) {
    const createdAt = new Date(Date.now() - account.daysAgo * DAY_MS);
    const user: UserDoc = {
      _id: new ObjectId(account.id),
      username: account.username,
      usernameKey: usernameKey(account.username),
      email: account.email,
      emailKey: emailKey(account.email),
      passwordHash,
      role: account.tutor ? 'tutor' : 'student',
      avatar: DEFAULT_AVATAR,
      desc: account.tutor ? DEMO_TUTOR_BIO : '',
      stausOfPage: account.tutor ? 'accept' : 'none',
      createdAt,
      ...calendarKeys(createdAt),
      rev: 0,
    };
    const events: IntegrationEvent[] = [userRegistered(user, { id: `demo-${account.id}-registered` })];
    if (account.tutor) {
      events.push(userUpdated(user, ['role', 'desc', 'stausOfPage'], { id: `demo-${account.id}-tutor` }));
    }
    try {
      await app.outbox.insertOne(USERS.collection, user, events);
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      // Created by another instance just now, or the name or address belongs to a real user.
      app.log.warn({ username: account.username }, 'demo account not created: already taken');
    }
  }
}
