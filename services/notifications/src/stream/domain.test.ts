import { describe, expect, it } from 'vitest';
import { newerThan, resumeFrom, sseEvent } from './domain.ts';

describe('the stream', () => {
  it('sends what came after the last one seen, oldest first', () => {
    expect(newerThan(['d', 'c', 'b', 'a'], 'b')).toEqual(['c', 'd']);
    expect(newerThan(['d', 'c'], 'd')).toEqual([]);
    expect(newerThan(['b', 'a'], null)).toEqual(['a', 'b']);
    // Further back than the window: everything the window holds.
    expect(newerThan(['c', 'b'], 'a')).toEqual(['b', 'c']);
  });

  it('frames an event with its id, name and one line of JSON', () => {
    expect(sseEvent('unread', { unread: 2 })).toBe('event: unread\ndata: {"unread":2}\n\n');
    expect(sseEvent('notification', { title: 'a\nb' }, 'abc')).toBe(
      'id: abc\nevent: notification\ndata: {"title":"a\\nb"}\n\n',
    );
  });

  it('resumes only from an id of the notifications’ form', () => {
    expect(resumeFrom('0123456789abcdef01234567')).toBe('0123456789abcdef01234567');
    expect(resumeFrom('nonsense')).toBeNull();
    expect(resumeFrom(undefined)).toBeNull();
  });
});
