import { type CallerIdentity, COMMUNITY_ANNOUNCEMENT_POSTED } from '@liveedu/contracts';
import { renderPostMarkdownLater } from '@liveedu/markdown-html';
import { isDuplicateKey, newEvent, type Outbox, storedCollection } from '@liveedu/service-kit';
import { type Db, ObjectId } from 'mongodb';
import type { CourseMember } from '../members/catalog.ts';
import { ANNOUNCEMENT_WINDOW_MS, ANNOUNCEMENTS_PER_WINDOW, secondsToWait } from './domain.ts';

export interface AnnouncementDoc {
  _id: ObjectId;
  courseId: string;
  title: string;
  body: string;
  bodyHtml: string;
  authorId: string | null;
  authorName: string;
  createdAt: Date;
}

/** When a course's last announcements went, keyed by the course: the daily limit, by key. */
export interface AnnouncementTimesDoc {
  _id: string;
  times: Date[];
}

export const ANNOUNCEMENTS = storedCollection<AnnouncementDoc>('announcements', [
  { key: { courseId: 1, createdAt: -1 }, name: 'by_course_newest' },
]);
export const ANNOUNCEMENT_TIMES = storedCollection<AnnouncementTimesDoc>('announcement_times');

/**
 * Takes one of the course's announcements of the day: 0 when taken, else the seconds to wait.
 * The slot is one guarded update (the course has fewer than four recent times), so four posts at
 * once take four slots and a fifth waits, on every replica.
 */
export async function takeSlot(db: Db, courseId: string, now: Date): Promise<number> {
  const times = ANNOUNCEMENT_TIMES.in(db);
  await times.updateOne(
    { _id: courseId },
    // Times a day old no longer count.
    { $pull: { times: { $lte: new Date(now.getTime() - ANNOUNCEMENT_WINDOW_MS) } as never } },
  );
  try {
    await times.updateOne(
      { _id: courseId, [`times.${ANNOUNCEMENTS_PER_WINDOW - 1}`]: { $exists: false } },
      { $push: { times: now } },
      { upsert: true },
    );
    return 0;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    const full = await times.findOne({ _id: courseId });
    return Math.max(1, secondsToWait(full?.times ?? [], now));
  }
}

/** Stores the announcement with the event that tells every student of the course. */
export async function announce(
  outbox: Outbox,
  who: CallerIdentity,
  member: CourseMember,
  courseId: string,
  input: { title: string; body: string },
  now: Date,
): Promise<AnnouncementDoc> {
  const doc: AnnouncementDoc = {
    _id: new ObjectId(),
    courseId,
    title: input.title.trim(),
    body: input.body,
    bodyHtml: await renderPostMarkdownLater(input.body),
    authorId: who.userId,
    authorName: who.username,
    createdAt: now,
  };
  const announcementId = doc._id.toHexString();
  await outbox.insertOne<AnnouncementDoc>(ANNOUNCEMENTS.collection, doc, [
    newEvent(
      COMMUNITY_ANNOUNCEMENT_POSTED,
      {
        announcementId,
        courseId,
        courseTitle: member.courseTitle,
        tutorId: member.tutorId,
        title: doc.title,
        postedAt: now.toISOString(),
      },
      { id: `announcement-posted:${announcementId}` },
    ),
  ]);
  return doc;
}
