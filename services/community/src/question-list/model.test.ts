import { describe, expect, it } from 'vitest';
import { type CourseListQuery, CourseQuestions } from './model.ts';
import { card } from './sample-card.ts';
import { changedSince } from './store.ts';

const query = (fields: Partial<CourseListQuery> = {}): CourseListQuery => ({
  viewerId: 'reader',
  sort: 'newest',
  words: null,
  skip: 0,
  limit: 20,
  ...fields,
});
const ids = (answer: { cards: { id: string }[] }) => answer.cards.map((c) => c.id);

function course() {
  return new CourseQuestions(
    [
      card('q1', { createdAt: 1, upvotes: 3, title: 'Why does the effect run twice', itemId: 'i1' }),
      card('q2', { createdAt: 2, answerCount: 1, title: 'Keys in a list', excerpt: 'render a list' }),
      card('q3', { createdAt: 3, hidden: true, authorId: 'hider', title: 'Spam about render' }),
      card('q4', { createdAt: 4, upvotes: 3, title: 'Memo and render', itemId: 'i1' }),
    ],
    7,
  );
}

describe("a course's questions in the process", () => {
  it('lists newest, top and unanswered, a hidden question only for its author, with totals', () => {
    const questions = course();
    expect(questions.list(query())).toEqual(expect.objectContaining({ total: 3 }));
    expect(ids(questions.list(query()))).toEqual(['q4', 'q2', 'q1']);
    expect(ids(questions.list(query({ viewerId: 'hider' })))).toEqual(['q4', 'q3', 'q2', 'q1']);
    expect(questions.list(query({ viewerId: 'hider' })).total).toBe(4);
    expect(ids(questions.list(query({ sort: 'top' })))).toEqual(['q4', 'q1', 'q2']);
    expect(questions.list(query({ sort: 'unanswered' }))).toMatchObject({ total: 2 });
    expect(ids(questions.list(query({ sort: 'unanswered', skip: 1, limit: 1 })))).toEqual(['q1']);
    expect(ids(questions.list(query({ itemId: 'i1', sort: 'top' })))).toEqual(['q4', 'q1']);
  });

  it('finds questions by words, title matches first', () => {
    const questions = course();
    expect(ids(questions.list(query({ words: ['rend'] })))).toEqual(['q4', 'q2']);
    expect(ids(questions.list(query({ words: ['rend'], viewerId: 'hider' })))).toEqual(['q4', 'q3', 'q2']);
    expect(ids(questions.list(query({ words: ['rend'], itemId: 'i1' })))).toEqual(['q4']);
    expect(questions.list(query({ words: [] })).total).toBe(0);
  });

  it('takes every change at once: a new question, an upvote, an edit and a deletion', () => {
    const questions = course();
    expect(ids(questions.list(query({ words: ['list'] })))).toEqual(['q2']);
    questions.apply('q5', card('q5', { createdAt: 5, title: 'A list again' }));
    questions.apply('q1', card('q1', { createdAt: 1, upvotes: 9, title: 'Why does the effect run twice' }));
    questions.apply('q2', card('q2', { createdAt: 2, answerCount: 1, title: 'Keys', excerpt: 'nothing' }));
    questions.apply('q4', null);
    expect(ids(questions.list(query()))).toEqual(['q5', 'q2', 'q1']);
    expect(ids(questions.list(query({ sort: 'top' })))).toEqual(['q1', 'q5', 'q2']);
    expect(ids(questions.list(query({ words: ['list'] })))).toEqual(['q5']);
    expect(questions.list(query({ sort: 'unanswered' })).total).toBe(2);
    expect(questions.size).toBe(4);
  });
});

describe('the changes a read model catches up with', () => {
  it('are those after its revision, while the document still holds them', () => {
    const revision = { _id: 'course', rev: 10, changes: ['a', 'b', 'c'] };
    expect(changedSince(revision, 8)).toEqual(['b', 'c']);
    expect(changedSince(revision, 7)).toEqual(['a', 'b', 'c']);
    expect(changedSince(revision, 10)).toEqual([]);
    expect(changedSince(revision, 6)).toBeNull();
  });
});
