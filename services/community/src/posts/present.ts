import { Type } from '@liveedu/service-kit';
import type { QuestionCard } from '../question-list/domain.ts';
import { authorOf } from './domain.ts';
import type { AnswerDoc, QuestionDoc } from './store.ts';

/** The API's shapes of questions and answers, and how stored ones become them. */

const Id = Type.String();
const NullableId = Type.Union([Type.String(), Type.Null()]);
export const Author = Type.Object({
  _id: NullableId,
  name: Type.String(),
  instructor: Type.Boolean({ description: "Written by the course's tutor" }),
});

/** What questions and answers alike show of who wrote them, when, and their upvotes. */
const PostFields = {
  author: Author,
  createdAt: Type.String(),
  editedAt: Type.Union([Type.String(), Type.Null()]),
  upvotes: Type.Integer(),
  upvoted: Type.Boolean(),
};

const QuestionFields = {
  _id: Id,
  courseId: Id,
  itemId: NullableId,
  atSec: Type.Union([Type.Integer(), Type.Null()]),
  title: Type.String(),
  ...PostFields,
  answerCount: Type.Integer(),
  acceptedAnswerId: NullableId,
  instructorAnswered: Type.Boolean(),
  following: Type.Boolean(),
  mine: Type.Boolean(),
  hidden: Type.Boolean(),
};

export const Question = Type.Object({ ...QuestionFields, body: Type.String(), bodyHtml: Type.String() });
export const QuestionInList = Type.Object({
  ...QuestionFields,
  excerpt: Type.String(),
  courseTitle: Type.Optional(Type.String()),
});
export const Answer = Type.Object({
  _id: Id,
  questionId: Id,
  body: Type.String(),
  bodyHtml: Type.String(),
  ...PostFields,
  accepted: Type.Boolean(),
  mine: Type.Boolean(),
  hidden: Type.Boolean(),
});

/** A stored question's or answer's text, its author, when it was written and its upvotes. */
const postParts = (doc: QuestionDoc | AnswerDoc, upvoted: boolean) => ({
  body: doc.body,
  bodyHtml: doc.bodyHtml,
  author: authorOf(doc),
  createdAt: doc.createdAt.toISOString(),
  editedAt: doc.editedAt?.toISOString() ?? null,
  upvotes: doc.upvotes,
  upvoted,
});

/** What the viewer has to do with a post: their upvote, and whether they follow the question. */
export interface ViewerMarks {
  upvoted: boolean;
  following?: boolean;
}

export function presentQuestion(doc: QuestionDoc, viewerId: string, marks: ViewerMarks) {
  return {
    _id: doc._id.toHexString(),
    courseId: doc.courseId,
    itemId: doc.itemId,
    atSec: doc.atSec,
    title: doc.title,
    ...postParts(doc, marks.upvoted),
    answerCount: doc.answerCount,
    acceptedAnswerId: doc.acceptedAnswerId?.toHexString() ?? null,
    instructorAnswered: doc.instructorAnswered,
    following: doc.followers.includes(viewerId),
    mine: doc.authorId === viewerId,
    hidden: doc.hidden,
  };
}

export function presentCard(
  card: QuestionCard,
  viewerId: string,
  upvoted: boolean,
  following: boolean,
  withCourse = false,
) {
  return {
    _id: card.id,
    courseId: card.courseId,
    itemId: card.itemId,
    atSec: card.atSec,
    title: card.title,
    excerpt: card.excerpt,
    author: authorOf(card),
    createdAt: new Date(card.createdAt).toISOString(),
    editedAt: card.editedAt === null ? null : new Date(card.editedAt).toISOString(),
    upvotes: card.upvotes,
    upvoted,
    answerCount: card.answerCount,
    acceptedAnswerId: card.acceptedAnswerId,
    instructorAnswered: card.instructorAnswered,
    following,
    mine: card.authorId === viewerId,
    hidden: card.hidden,
    ...(withCourse ? { courseTitle: card.courseTitle } : {}),
  };
}

export function presentAnswer(
  doc: AnswerDoc,
  question: Pick<QuestionDoc, 'acceptedAnswerId'>,
  viewerId: string,
  upvoted: boolean,
) {
  return {
    _id: doc._id.toHexString(),
    questionId: doc.questionId.toHexString(),
    ...postParts(doc, upvoted),
    accepted: question.acceptedAnswerId?.equals(doc._id) ?? false,
    mine: doc.authorId === viewerId,
    hidden: doc.hidden,
  };
}
