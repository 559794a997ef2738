import { describe, expect, it } from 'vitest';
import { answerRecipients, authorOf, excerptOf, mayAccept, momentOf, visibleTo } from './domain.ts';

describe('a question in lists', () => {
  it('shows its body as plain text cut to 200 characters', () => {
    expect(excerptOf('**Why** does [this](https://x.example) `fail`?\n\n> quoted')).toBe(
      'Why does this fail ? quoted',
    );
    const long = excerptOf('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('the moment a question is about', () => {
  it('names its item and second only when it has them, the first second too', () => {
    expect(momentOf({ itemId: 'item', atSec: 135 })).toEqual({ itemId: 'item', atSec: 135 });
    expect(momentOf({ itemId: 'item', atSec: 0 })).toEqual({ itemId: 'item', atSec: 0 });
    expect(momentOf({ itemId: null, atSec: null })).toEqual({});
    expect(Object.keys(momentOf({ itemId: 'item', atSec: null }))).toEqual(['itemId']);
  });
});

describe('who is told of an answer', () => {
  it('is the asker and the followers, once each, never the answer’s author', () => {
    expect(answerRecipients('a', ['b', 'a', 'c'], 'c')).toEqual(['a', 'b']);
    expect(answerRecipients(null, ['b'], 'x')).toEqual(['b']);
  });
});

describe('accepting an answer', () => {
  it('is for the asker or the course’s tutor', () => {
    const question = { authorId: 'asker', tutorId: 'tutor' };
    expect(mayAccept('asker', question)).toBe(true);
    expect(mayAccept('tutor', question)).toBe(true);
    expect(mayAccept('someone', question)).toBe(false);
  });
});

describe('hidden posts and deleted authors', () => {
  it('shows a hidden post only to its author', () => {
    expect(visibleTo({ hidden: true, authorId: 'a' }, 'a')).toBe(true);
    expect(visibleTo({ hidden: true, authorId: 'a' }, 'b')).toBe(false);
    expect(visibleTo({ hidden: false, authorId: 'a' }, 'b')).toBe(true);
  });

  it('names a deleted author "deleted user"', () => {
    expect(authorOf({ authorId: null, authorName: 'gone', byInstructor: false })).toEqual({
      _id: null,
      name: 'deleted user',
      instructor: false,
    });
  });
});
