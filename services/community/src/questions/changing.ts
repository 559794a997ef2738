import { COMMUNITY_ANSWER_ACCEPTED } from '@liveedu/contracts';
import { renderPostMarkdownLater } from '@liveedu/markdown-html';
import { isDuplicateKey, newEvent, type Outbox } from '@liveedu/service-kit';
import type { Db, ObjectId } from 'mongodb';
import { excerptOf, mayAccept, momentOf, visibleTo } from '../posts/domain.ts';
import { ANSWERS, type AnswerDoc, QUESTIONS, type QuestionDoc } from '../posts/store.ts';
import { markChanged } from '../question-list/store.ts';
import { FOLLOWS, markKey } from '../votes/store.ts';

/** A question's answers the viewer may see: the accepted one first, then the most upvoted, then the oldest. */
export async function threadAnswers(db: Db, question: QuestionDoc, viewerId: string): Promise<AnswerDoc[]> {
  if (question.answerIds.length === 0) return [];
  const answers = await ANSWERS.in(db)
    .find({ _id: { $in: question.answerIds } })
    .toArray();
  const accepted = question.acceptedAnswerId;
  return answers
    .filter((answer) => visibleTo(answer, viewerId))
    .sort(
      (a, b) =>
        Number(accepted?.equals(b._id) ?? false) - Number(accepted?.equals(a._id) ?? false) ||
        b.upvotes - a.upvotes ||
        a.createdAt.getTime() - b.createdAt.getTime(),
    );
}

export async function editQuestion(
  db: Db,
  question: QuestionDoc,
  change: { title?: string; body?: string },
): Promise<QuestionDoc> {
  const set: Partial<QuestionDoc> = { editedAt: new Date() };
  if (change.title !== undefined) set.title = change.title.trim();
  if (change.body !== undefined) {
    set.body = change.body;
    set.bodyHtml = await renderPostMarkdownLater(change.body);
    set.excerpt = excerptOf(change.body);
  }
  const after = await QUESTIONS.in(db).findOneAndUpdate(
    { _id: question._id },
    { $set: set },
    { returnDocument: 'after' },
  );
  await markChanged(db, question.courseId, question._id.toHexString());
  return after ?? { ...question, ...set };
}

/** The question goes, with its answers; the course's lists drop it. */
export async function deleteQuestion(db: Db, question: QuestionDoc): Promise<void> {
  await QUESTIONS.in(db).deleteOne({ _id: question._id });
  if (question.answerIds.length > 0) await ANSWERS.in(db).deleteMany({ _id: { $in: question.answerIds } });
  await markChanged(db, question.courseId, question._id.toHexString());
}

/**
 * Makes the answer the question's accepted one (the asker or the course's tutor), telling the
 * answer's author once per answer accepted; accepting the accepted one again changes nothing.
 */
export async function acceptAnswer(
  db: Db,
  outbox: Outbox,
  question: QuestionDoc,
  userId: string,
  answerId: ObjectId,
): Promise<QuestionDoc | 'not-allowed' | 'no-answer'> {
  if (!mayAccept(userId, question)) return 'not-allowed';
  if (!question.answerIds.some((id) => id.equals(answerId))) return 'no-answer';
  const answer = await ANSWERS.in(db).findOne({ _id: answerId });
  if (!answer || answer.hidden) return 'no-answer';
  if (question.acceptedAnswerId?.equals(answerId)) return question;
  const questionId = question._id.toHexString();
  const events = answer.authorId
    ? [
        newEvent(
          COMMUNITY_ANSWER_ACCEPTED,
          {
            answerId: answerId.toHexString(),
            questionId,
            questionTitle: question.title,
            courseId: question.courseId,
            ...momentOf(question),
            answerAuthorId: answer.authorId,
            acceptedBy: userId,
            acceptedAt: new Date().toISOString(),
          },
          { id: `answer-accepted:${questionId}:${answerId.toHexString()}` },
        ),
      ]
    : [];
  const after = await outbox.findOneAndUpdate<QuestionDoc>(
    QUESTIONS.collection,
    { _id: question._id, acceptedAnswerId: { $ne: answerId } },
    { $set: { acceptedAnswerId: answerId } },
    events,
    { returnDocument: 'after' },
  );
  await markChanged(db, question.courseId, questionId);
  return after ?? (await QUESTIONS.in(db).findOne({ _id: question._id })) ?? question;
}

/** Follows the question (or stops): the follower is told of every answer. */
export async function follow(db: Db, questionId: ObjectId, userId: string, on: boolean): Promise<void> {
  const id = questionId.toHexString();
  const key = markKey(id, userId);
  if (on) {
    await FOLLOWS.in(db)
      .insertOne({ _id: key, questionId: id, userId })
      .catch((error: unknown) => {
        if (!isDuplicateKey(error)) throw error;
      });
    await QUESTIONS.in(db).updateOne({ _id: questionId }, { $addToSet: { followers: userId } });
  } else {
    await FOLLOWS.in(db).deleteOne({ _id: key });
    await QUESTIONS.in(db).updateOne({ _id: questionId }, { $pull: { followers: userId } });
  }
}
