import { type CallerIdentity, COMMUNITY_ANSWER_POSTED } from '@liveedu/contracts';
import { renderPostMarkdownLater } from '@liveedu/markdown-html';
import { isDuplicateKey, newEvent, type Outbox } from '@liveedu/service-kit';
import { type Db, ObjectId } from 'mongodb';
import { answerRecipients, momentOf } from '../posts/domain.ts';
import { ANSWERS, type AnswerDoc, QUESTIONS, type QuestionDoc } from '../posts/store.ts';
import { markChanged } from '../question-list/store.ts';
import { FOLLOWS, markKey } from '../votes/store.ts';

/**
 * Stores an answer with its event naming who to tell (the asker and the followers, never the
 * answer's author), counts it on the question, and makes its author a follower.
 */
export async function postAnswer(
  db: Db,
  outbox: Outbox,
  who: CallerIdentity,
  question: QuestionDoc,
  body: string,
) {
  const now = new Date();
  const byInstructor = who.userId === question.tutorId;
  const answer: AnswerDoc = {
    _id: new ObjectId(),
    questionId: question._id,
    courseId: question.courseId,
    body,
    bodyHtml: await renderPostMarkdownLater(body),
    authorId: who.userId,
    authorName: who.username,
    byInstructor,
    createdAt: now,
    editedAt: null,
    upvotes: 0,
    hidden: false,
  };
  const questionId = question._id.toHexString();
  const answerId = answer._id.toHexString();
  await outbox.insertOne<AnswerDoc>(ANSWERS.collection, answer, [
    newEvent(
      COMMUNITY_ANSWER_POSTED,
      {
        answerId,
        questionId,
        questionTitle: question.title,
        courseId: question.courseId,
        ...momentOf(question),
        authorId: who.userId,
        authorName: who.username,
        byInstructor,
        recipients: answerRecipients(question.authorId, question.followers, who.userId),
        postedAt: now.toISOString(),
      },
      { id: `answer-posted:${answerId}` },
    ),
  ]);
  await QUESTIONS.in(db).updateOne(
    { _id: question._id },
    {
      $push: { answerIds: answer._id },
      $inc: { answerCount: 1 },
      $addToSet: { followers: who.userId },
      ...(byInstructor ? { $set: { instructorAnswered: true } } : {}),
    },
  );
  await FOLLOWS.in(db)
    .insertOne({ _id: markKey(questionId, who.userId), questionId, userId: who.userId })
    .catch((error: unknown) => {
      if (!isDuplicateKey(error)) throw error;
    });
  await markChanged(db, question.courseId, questionId);
  return answer;
}

export async function editAnswer(db: Db, answer: AnswerDoc, body: string): Promise<AnswerDoc> {
  const set = { body, bodyHtml: await renderPostMarkdownLater(body), editedAt: new Date() };
  const after = await ANSWERS.in(db).findOneAndUpdate(
    { _id: answer._id },
    { $set: set },
    { returnDocument: 'after' },
  );
  return after ?? { ...answer, ...set };
}

/** The answer goes; the question counts it no more and accepts it no more. */
export async function deleteAnswer(db: Db, question: QuestionDoc, answer: AnswerDoc): Promise<void> {
  const removed = await ANSWERS.in(db).deleteOne({ _id: answer._id });
  if (removed.deletedCount === 0) return;
  await QUESTIONS.in(db).updateOne(
    { _id: question._id, answerIds: answer._id },
    { $pull: { answerIds: answer._id }, $inc: { answerCount: answer.hidden ? 0 : -1 } },
  );
  await QUESTIONS.in(db).updateOne(
    { _id: question._id, acceptedAnswerId: answer._id },
    { $set: { acceptedAnswerId: null } },
  );
  await markChanged(db, question.courseId, question._id.toHexString());
}
