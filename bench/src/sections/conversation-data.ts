/** One course's questions for the conversation figures, written straight to the community's database. */
import type { QuestionDoc } from '@liveedu/community';
import { type Db, ObjectId } from 'mongodb';
import { prng, student, TOPICS } from '../data.ts';

const OPENINGS = ['Why does', 'How do I make', 'What happens when', 'Is it fine if', 'Where does'] as const;
const ENDINGS = [
  'render twice',
  'break after the update',
  'work in production',
  'need a key',
  'slow down',
] as const;

/**
 * `count` questions of `askers` students over the course's items, newest last, each with a moment;
 * every third answered. Written in batches; the course's read model loads them on its first list.
 */
export async function seedQuestions(
  db: Db,
  opts: { seed: number; courseId: string; tutorId: string; itemIds: string[]; count: number; askers: number },
): Promise<number> {
  const rand = prng(opts.seed ^ 0x9e3779b9);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T;
  const start = Date.now() - opts.count * 60_000;
  const questions = db.collection<QuestionDoc>('questions');
  const batch: QuestionDoc[] = [];
  for (let n = 0; n < opts.count; n += 1) {
    const asker = student(opts.seed, n % opts.askers);
    const title = `${pick(OPENINGS)} the ${pick(TOPICS)} example ${pick(ENDINGS)}?`;
    const body = `In the lesson the ${pick(TOPICS)} part ${pick(ENDINGS)} when I follow along (question ${n}).`;
    const answered = n % 3 === 0;
    batch.push({
      _id: new ObjectId(),
      courseId: opts.courseId,
      courseTitle: 'Bench course',
      tutorId: opts.tutorId,
      itemId: pick(opts.itemIds),
      atSec: Math.floor(rand() * 600),
      title,
      body,
      bodyHtml: `<p>${body}</p>`,
      excerpt: body,
      authorId: asker._id.toHexString(),
      authorName: asker.username,
      byInstructor: false,
      createdAt: new Date(start + n * 60_000),
      editedAt: null,
      upvotes: Math.floor(rand() * rand() * 40),
      answerCount: answered ? 1 : 0,
      answerIds: [],
      acceptedAnswerId: null,
      instructorAnswered: answered,
      followers: [asker._id.toHexString()],
      hidden: false,
    });
    if (batch.length === 1_000 || n === opts.count - 1) {
      await questions.insertMany(batch.splice(0), { ordered: false });
    }
  }
  return opts.count;
}
