import { type Db, ObjectId } from 'mongodb';
import { QUESTIONS, type QuestionDoc } from '../posts/store.ts';
import { byNewest, byTop, foldText, type QuestionCard } from './domain.ts';
import { type RevisionDoc, revisionOf } from './store.ts';

/** What a card needs of a question: never its body, answers or followers. */
const CARD_FIELDS = {
  body: 0,
  bodyHtml: 0,
  answerIds: 0,
  followers: 0,
} as const;

export function cardOf(
  doc: Omit<QuestionDoc, 'body' | 'bodyHtml' | 'answerIds' | 'followers'>,
): QuestionCard {
  return {
    id: doc._id.toHexString(),
    courseId: doc.courseId,
    courseTitle: doc.courseTitle,
    tutorId: doc.tutorId,
    itemId: doc.itemId,
    atSec: doc.atSec,
    title: doc.title,
    excerpt: doc.excerpt,
    authorId: doc.authorId,
    authorName: doc.authorName,
    byInstructor: doc.byInstructor,
    createdAt: doc.createdAt.getTime(),
    editedAt: doc.editedAt?.getTime() ?? null,
    upvotes: doc.upvotes,
    answerCount: doc.answerCount,
    acceptedAnswerId: doc.acceptedAnswerId?.toHexString() ?? null,
    instructorAnswered: doc.instructorAnswered,
    hidden: doc.hidden,
    titleKey: foldText(doc.title),
    textKey: foldText(`${doc.title} ${doc.excerpt}`),
  };
}

/** One course's questions in this process: newest first, and most upvoted first when asked. */
class CourseQuestions {
  rev = 0;
  private readonly byId = new Map<string, QuestionCard>();
  private newest: QuestionCard[] = [];
  private top: QuestionCard[] | null = null;

  constructor(cards: QuestionCard[], rev: number) {
    this.rev = rev;
    for (const card of cards) this.byId.set(card.id, card);
    this.newest = cards.sort(byNewest);
  }

  ordered(sort: 'newest' | 'top' | 'unanswered'): readonly QuestionCard[] {
    if (sort !== 'top') return this.newest;
    this.top ??= [...this.newest].sort(byTop);
    return this.top;
  }

  /** Puts the question as it now is (or takes it out when it is gone). */
  apply(id: string, card: QuestionCard | null): void {
    const before = this.byId.get(id);
    if (before) {
      const at = this.newest.indexOf(before);
      if (at >= 0) this.newest.splice(at, 1);
      this.byId.delete(id);
    }
    if (card) {
      this.byId.set(id, card);
      this.newest.splice(insertionPoint(this.newest, card), 0, card);
    }
    this.top = null;
  }
}

/** Where a card goes in a newest-first list (binary search: a new question goes first). */
function insertionPoint(list: QuestionCard[], card: QuestionCard): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (byNewest(list[middle] as QuestionCard, card) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The read model of every course asked about in this process, each loaded on its first list and
 * brought up to date from the course's revision document before each answer (docs/adr/0018).
 */
export class QuestionLists {
  private readonly courses = new Map<string, Promise<CourseQuestions>>();

  constructor(private readonly db: Db) {}

  /** The course's questions as they now are, in the order a list asks for. */
  async ordered(courseId: string, sort: 'newest' | 'top' | 'unanswered'): Promise<readonly QuestionCard[]> {
    return (await this.current(courseId)).ordered(sort);
  }

  private async current(courseId: string): Promise<CourseQuestions> {
    let loading = this.courses.get(courseId);
    if (!loading) {
      loading = this.load(courseId);
      this.courses.set(courseId, loading);
      loading.catch(() => this.courses.delete(courseId));
    }
    const model = await loading;
    const revision = await revisionOf(this.db, courseId);
    if (!revision || revision.rev <= model.rev) return model;
    const oldestKept = revision.changes[0]?.rev ?? revision.rev + 1;
    if (oldestKept > model.rev + 1) {
      // Further behind than the changes kept: the course is loaded again.
      const reloading = this.load(courseId);
      this.courses.set(courseId, reloading);
      return reloading;
    }
    await this.catchUp(model, revision);
    return model;
  }

  private async load(courseId: string): Promise<CourseQuestions> {
    // The revision first: a change written during the load is applied again at the next read.
    const rev = (await revisionOf(this.db, courseId))?.rev ?? 0;
    const docs = await QUESTIONS.in(this.db).find({ courseId }, { projection: CARD_FIELDS }).toArray();
    return new CourseQuestions(docs.map(cardOf), rev);
  }

  /** Re-reads the questions changed since the model's revision and moves it on as far as the changes are recorded. */
  private async catchUp(model: CourseQuestions, revision: RevisionDoc): Promise<void> {
    const pending = revision.changes.filter((change) => change.rev > model.rev);
    const ids = [...new Set(pending.map((change) => change.id))];
    const docs = await QUESTIONS.in(this.db)
      .find({ _id: { $in: ids.map(toObjectId) } }, { projection: CARD_FIELDS })
      .toArray();
    const found = new Map(docs.map((doc) => [doc._id.toHexString(), cardOf(doc)]));
    for (const id of ids) model.apply(id, found.get(id) ?? null);
    // Only as far as every number is recorded: a change numbered but not yet recorded comes next time.
    const seen = new Set(pending.map((change) => change.rev));
    let rev = model.rev;
    while (seen.has(rev + 1)) rev += 1;
    model.rev = rev;
  }
}

const toObjectId = (id: string): ObjectId => new ObjectId(id);

declare module 'fastify' {
  interface FastifyInstance {
    /** Every course's questions as lists show them (installed by app.ts). */
    questionLists: QuestionLists;
  }
}
