import { type CallerIdentity, COMMUNITY_QUESTION_ASKED } from '@liveedu/contracts';
import { renderPostMarkdownLater } from '@liveedu/markdown-html';
import { newEvent, type Outbox } from '@liveedu/service-kit';
import { type Db, ObjectId } from 'mongodb';
import type { CourseMember } from '../members/catalog.ts';
import { excerptOf, momentOf } from '../posts/domain.ts';
import { QUESTIONS, type QuestionDoc } from '../posts/store.ts';
import { markChanged, noteTutorCourse } from '../question-list/store.ts';
import { FOLLOWS, markKey } from '../votes/store.ts';

/** Stores a new question with its event, and the asker following it. */
export async function askQuestion(
  db: Db,
  outbox: Outbox,
  who: CallerIdentity,
  member: CourseMember,
  input: { courseId: string; title: string; body: string; itemId: string | null; atSec: number | null },
): Promise<QuestionDoc> {
  const now = new Date();
  const doc: QuestionDoc = {
    _id: new ObjectId(),
    courseId: input.courseId,
    courseTitle: member.courseTitle,
    tutorId: member.tutorId,
    itemId: input.itemId,
    atSec: input.atSec,
    title: input.title.trim(),
    body: input.body,
    bodyHtml: await renderPostMarkdownLater(input.body),
    excerpt: excerptOf(input.body),
    authorId: who.userId,
    authorName: who.username,
    byInstructor: who.userId === member.tutorId,
    createdAt: now,
    editedAt: null,
    upvotes: 0,
    answerCount: 0,
    answerIds: [],
    acceptedAnswerId: null,
    instructorAnswered: false,
    followers: [who.userId],
    hidden: false,
  };
  const questionId = doc._id.toHexString();
  await outbox.insertOne<QuestionDoc>(QUESTIONS.collection, doc, [
    newEvent(
      COMMUNITY_QUESTION_ASKED,
      {
        questionId,
        courseId: doc.courseId,
        courseTitle: doc.courseTitle,
        tutorId: doc.tutorId,
        askerId: who.userId,
        askerName: who.username,
        title: doc.title,
        ...momentOf(doc),
        askedAt: now.toISOString(),
      },
      { id: `question-asked:${questionId}` },
    ),
  ]);
  await FOLLOWS.in(db).insertOne({ _id: markKey(questionId, who.userId), questionId, userId: who.userId });
  await Promise.all([
    markChanged(db, doc.courseId, questionId),
    noteTutorCourse(db, doc.tutorId, doc.courseId),
  ]);
  return doc;
}
