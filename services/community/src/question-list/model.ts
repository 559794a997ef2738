import { type Db, ObjectId } from 'mongodb';
import { QUESTIONS, type QuestionDoc } from '../posts/store.ts';
import {
  byNewest,
  byTop,
  countOf,
  insertionPoint,
  type ListSort,
  pageOf,
  type QuestionCard,
  ranked,
  searchWords,
  shownTo,
} from './domain.ts';
import { changedSince, revisionNumberOf, revisionOf } from './store.ts';
import { WordIndex } from './word-index.ts';

/** What a card needs of a question: never its body, answers or followers (named, which reads faster). */
const CARD_FIELDS = {
  courseId: 1,
  courseTitle: 1,
  tutorId: 1,
  itemId: 1,
  atSec: 1,
  title: 1,
  excerpt: 1,
  authorId: 1,
  authorName: 1,
  byInstructor: 1,
  createdAt: 1,
  editedAt: 1,
  upvotes: 1,
  answerCount: 1,
  acceptedAnswerId: 1,
  instructorAnswered: 1,
  hidden: 1,
} as const;

export function cardOf(
  doc: Omit<QuestionDoc, 'body' | 'bodyHtml' | 'answerIds' | 'followers'>,
): QuestionCard {
  return {
    slot: -1,
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
  };
}

/** How many searches a course keeps answers to until its next change. */
const CACHED_SEARCHES = 64;

/** What a list asks of a course's questions. */
export interface CourseListQuery {
  viewerId: string;
  itemId?: string;
  sort: ListSort;
  /** A search's words (folded), each matched as the beginning of a word; null: no search. */
  words: readonly string[] | null;
  skip: number;
  limit: number;
}

/**
 * One course's questions in this process: newest first, most upvoted first, each item's newest first, the hidden ones and the count of the visible
 * unanswered ones, and the word index. A plain list walks only as far as its page; its total
 * comes from the counts.
 */
export class CourseQuestions {
  rev: number;
  private readonly byId = new Map<string, QuestionCard>();
  private readonly bySlot: Array<QuestionCard | undefined> = [];
  private readonly freeSlots: number[] = [];
  private readonly newest: QuestionCard[];
  private readonly top: QuestionCard[];
  private readonly ofItem = new Map<string, QuestionCard[]>();
  private readonly hidden = new Set<QuestionCard>();
  private unanswered = 0;
  private readonly words = new WordIndex();
  /** Recent searches' answers, dropped at every change (see `cachedSearch`). */
  private readonly searches = new Map<string, QuestionCard[]>();

  constructor(cards: QuestionCard[], rev: number) {
    this.rev = rev;
    this.newest = cards.sort(byNewest);
    this.top = [...this.newest].sort(byTop);
    this.words.load((words) => {
      for (const card of this.newest) {
        card.slot = this.bySlot.length;
        this.bySlot.push(card);
        this.byId.set(card.id, card);
        if (card.itemId) this.itemList(card.itemId).push(card);
        this.count(card, 1);
        words.add(card.slot, searchWords(card.title), searchWords(card.excerpt));
      }
    });
  }

  get size(): number {
    return this.newest.length;
  }

  /** Every card, newest first. */
  all(): readonly QuestionCard[] {
    return this.newest;
  }

  list(query: CourseListQuery): { cards: QuestionCard[]; total: number } {
    const { viewerId, sort, skip, limit } = query;
    const source = this.ordered(sort, query.itemId);
    const keep =
      sort === 'unanswered'
        ? (card: QuestionCard) => card.answerCount === 0 && shownTo(card, viewerId)
        : (card: QuestionCard) => shownTo(card, viewerId);
    if (query.words) {
      const ownHidden = [...this.hidden].some((card) => card.authorId === viewerId);
      const ranked = ownHidden
        ? this.search(source, query.words, sort, query.itemId, keep)
        : this.cachedSearch(source, query.words, sort, query.itemId);
      return { cards: ranked.slice(skip, skip + limit), total: ranked.length };
    }
    const cards = pageOf(source, keep, skip, limit);
    if (query.itemId) return { cards, total: countOf(source, keep) };
    let total = sort === 'unanswered' ? this.unanswered : this.newest.length - this.hidden.size;
    for (const card of this.hidden) if (card.authorId === viewerId && keep(card)) total += 1;
    return { cards, total };
  }

  /** The cards matching the words, best first, in the list's order among equal scores. */
  private search(
    source: readonly QuestionCard[],
    words: readonly string[],
    sort: ListSort,
    itemId: string | undefined,
    keep: (card: QuestionCard) => boolean,
  ): QuestionCard[] {
    const { scoreOf, slots } = this.words.match(words, this.bySlot.length);
    // Few matches are ranked on their own; many, by walking the ordered cards once.
    if (slots.length * 8 >= source.length && !itemId)
      return ranked(source, (card) => scoreOf(card.slot), keep);
    const order = sort === 'top' ? byTop : byNewest;
    return slots
      .map((slot) => this.bySlot[slot])
      .filter(
        (card): card is QuestionCard =>
          card !== undefined && keep(card) && (!itemId || card.itemId === itemId),
      )
      .sort((a, b) => scoreOf(b.slot) - scoreOf(a.slot) || order(a, b));
  }

  /**
   * A search as a viewer without hidden questions of their own sees it, kept until the course's
   * next change: similar questions are asked for at every few letters typed, by many learners.
   */
  private cachedSearch(
    source: readonly QuestionCard[],
    words: readonly string[],
    sort: ListSort,
    itemId: string | undefined,
  ): QuestionCard[] {
    const key = `${sort}|${itemId ?? ''}|${words.join(' ')}`;
    let ranked = this.searches.get(key);
    if (!ranked) {
      const unanswered = sort === 'unanswered';
      ranked = this.search(
        source,
        words,
        sort,
        itemId,
        (card) => !card.hidden && (!unanswered || card.answerCount === 0),
      );
      if (this.searches.size >= CACHED_SEARCHES)
        this.searches.delete(this.searches.keys().next().value as string);
      this.searches.set(key, ranked);
    }
    return ranked;
  }

  private ordered(sort: ListSort, itemId: string | undefined): readonly QuestionCard[] {
    if (itemId) {
      const ofItem = this.ofItem.get(itemId) ?? [];
      return sort === 'top' ? [...ofItem].sort(byTop) : ofItem;
    }
    return sort === 'top' ? this.top : this.newest;
  }

  /** Puts the question as it now is (or takes it out when it is gone). */
  apply(id: string, card: QuestionCard | null): void {
    this.searches.clear();
    const before = this.byId.get(id);
    if (before) {
      this.byId.delete(id);
      this.bySlot[before.slot] = undefined;
      takeOut(this.newest, before, byNewest);
      takeOut(this.top, before, byTop);
      if (before.itemId) takeOut(this.itemList(before.itemId), before, byNewest);
      this.count(before, -1);
    }
    if (!card) {
      if (before) {
        this.words.remove(before.slot, searchWords(before.title), searchWords(before.excerpt));
        this.freeSlots.push(before.slot);
      }
      return;
    }
    if (before && before.title === card.title && before.excerpt === card.excerpt) {
      card.slot = before.slot;
    } else {
      if (before) {
        this.words.remove(before.slot, searchWords(before.title), searchWords(before.excerpt));
        this.freeSlots.push(before.slot);
      }
      card.slot = this.freeSlots.pop() ?? this.bySlot.length;
      this.words.add(card.slot, searchWords(card.title), searchWords(card.excerpt));
    }
    this.bySlot[card.slot] = card;
    this.byId.set(id, card);
    putIn(this.newest, card, byNewest);
    putIn(this.top, card, byTop);
    if (card.itemId) putIn(this.itemList(card.itemId), card, byNewest);
    this.count(card, 1);
  }

  private itemList(itemId: string): QuestionCard[] {
    let list = this.ofItem.get(itemId);
    if (!list) {
      list = [];
      this.ofItem.set(itemId, list);
    }
    return list;
  }

  private count(card: QuestionCard, by: 1 | -1): void {
    if (card.hidden) {
      if (by === 1) this.hidden.add(card);
      else this.hidden.delete(card);
    } else if (card.answerCount === 0) {
      this.unanswered += by;
    }
  }
}

function putIn(
  list: QuestionCard[],
  card: QuestionCard,
  order: (a: QuestionCard, b: QuestionCard) => number,
) {
  list.splice(insertionPoint(list, card, order), 0, card);
}

function takeOut(
  list: QuestionCard[],
  card: QuestionCard,
  order: (a: QuestionCard, b: QuestionCard) => number,
) {
  const at = insertionPoint(list, card, order);
  const found = list[at] === card ? at : list.indexOf(card);
  if (found >= 0) list.splice(found, 1);
}

/**
 * The read model of every course asked about in this process, each loaded on its first list and
 * brought up to date from the course's revision document (read by key) before each answer.
 */
export class QuestionLists {
  private readonly courses = new Map<string, Promise<CourseQuestions>>();
  private readonly catchingUp = new WeakMap<CourseQuestions, Promise<void>>();

  constructor(private readonly db: Db) {}

  /** A page of the course's questions as a viewer asks for it, and how many the list has. */
  async list(courseId: string, query: CourseListQuery): Promise<{ cards: QuestionCard[]; total: number }> {
    return (await this.current(courseId)).list(query);
  }

  /** Every question of the course as it now is, newest first. */
  async all(courseId: string): Promise<readonly QuestionCard[]> {
    return (await this.current(courseId)).all();
  }

  private async current(courseId: string): Promise<CourseQuestions> {
    let loading = this.courses.get(courseId);
    if (!loading) {
      loading = this.load(courseId);
      this.courses.set(courseId, loading);
      loading.catch(() => this.courses.delete(courseId));
    }
    const model = await loading;
    // The number alone first: the ids of the last changes are read only when the model is behind.
    if ((await revisionNumberOf(this.db, courseId)) <= model.rev) return model;
    const revision = await revisionOf(this.db, courseId);
    if (!revision || revision.rev <= model.rev) return model;
    // One catch-up at a time per course, so an older read of a question never lands after a newer one.
    const running = this.catchingUp.get(model);
    if (running) {
      await running;
      return this.current(courseId);
    }
    const changed = changedSince(revision, model.rev);
    if (!changed) {
      // Further behind than the changes kept: the course is loaded again.
      const reloading = this.load(courseId);
      this.courses.set(courseId, reloading);
      reloading.catch(() => this.courses.delete(courseId));
      return reloading;
    }
    const catchingUp = this.catchUp(model, changed, revision.rev).finally(() =>
      this.catchingUp.delete(model),
    );
    this.catchingUp.set(model, catchingUp);
    await catchingUp;
    return model;
  }

  private async load(courseId: string): Promise<CourseQuestions> {
    // The revision first: a change written during the load is applied again at the next read.
    const rev = await revisionNumberOf(this.db, courseId);
    const docs = await QUESTIONS.in(this.db).find({ courseId }, { projection: CARD_FIELDS }).toArray();
    return new CourseQuestions(docs.map(cardOf), rev);
  }

  /** Re-reads the questions changed since the model's revision: the model is then at `rev`. */
  private async catchUp(model: CourseQuestions, changed: string[], rev: number): Promise<void> {
    const ids = [...new Set(changed)];
    const docs = await QUESTIONS.in(this.db)
      .find({ _id: { $in: ids.map(toObjectId) } }, { projection: CARD_FIELDS })
      .toArray();
    const found = new Map(docs.map((doc) => [doc._id.toHexString(), cardOf(doc)]));
    for (const id of ids) model.apply(id, found.get(id) ?? null);
    model.rev = Math.max(model.rev, rev);
  }
}

const toObjectId = (id: string): ObjectId => new ObjectId(id);

declare module 'fastify' {
  interface FastifyInstance {
    /** Every course's questions as lists show them (installed by app.ts). */
    questionLists: QuestionLists;
  }
}
