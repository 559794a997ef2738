import { describe, expect, it } from 'vitest';
import {
  digestMail,
  digestSlot,
  groupForDigest,
  instantMail,
  signUnsubscribe,
  unsubscribedPage,
  unsubscribeHeaders,
  unsubscribeUrl,
  verifyUnsubscribe,
} from './domain.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const USER = '64d0c0de00000000000c0001';

describe('unsubscribe tokens', () => {
  it('name the user and the kinds, and only this secret makes one that verifies', () => {
    const token = signUnsubscribe(SECRET, { userId: USER, kinds: ['sale', 'review'] });
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyUnsubscribe(SECRET, token)).toEqual({ userId: USER, kinds: ['sale', 'review'] });
    expect(verifyUnsubscribe('another-secret-of-thirty-two-characters', token)).toBeNull();
  });

  it('refuses a token whose claim was changed, cut, or made up', () => {
    const token = signUnsubscribe(SECRET, { userId: USER, kinds: ['sale'] });
    const [, signature] = token.split('.');
    const otherUser = Buffer.from(JSON.stringify({ u: '64d0c0de00000000000c0002', k: ['sale'] })).toString(
      'base64url',
    );
    expect(verifyUnsubscribe(SECRET, `${otherUser}.${signature}`)).toBeNull();
    expect(verifyUnsubscribe(SECRET, token.slice(0, -2))).toBeNull();
    expect(verifyUnsubscribe(SECRET, `${token}.x`)).toBeNull();
    expect(verifyUnsubscribe(SECRET, 'not-a-token')).toBeNull();
    const unknownKind = signUnsubscribe(SECRET, { userId: USER, kinds: ['spam' as 'sale'] });
    expect(verifyUnsubscribe(SECRET, unknownKind)).toBeNull();
  });
});

describe('links and headers', () => {
  it('point at the public API with the token, and say one POST unsubscribes (RFC 8058)', () => {
    const url = unsubscribeUrl('https://liveedu.example', 'a.b-c_d');
    expect(url).toBe('https://liveedu.example/api/v1/notifications/unsubscribe?token=a.b-c_d');
    expect(unsubscribeHeaders(url)).toEqual({
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('make an instant mail of the title, the absolute link and the way out', () => {
    const mail = instantMail(
      { kind: 'answer', title: 'Asha answered "Why?"', link: '/learn/c/user/u?question=q' },
      { publicUrl: 'https://liveedu.example', name: 'ravi', unsubscribe: 'https://x/u' },
    );
    expect(mail.subject).toBe('Asha answered "Why?"');
    expect(mail.text).toContain('Hello ravi,');
    expect(mail.text).toContain('https://liveedu.example/learn/c/user/u?question=q');
    expect(mail.text).toContain('To stop them: https://x/u');
  });
});

describe('the digest', () => {
  const at = (minute: number) => new Date(Date.UTC(2025, 0, 2, 10, minute));
  const items = [
    { kind: 'sale' as const, title: 'sold B', link: '/profile/tutor-analytics', createdAt: at(5) },
    { kind: 'question' as const, title: 'asked A', link: '/profile/questions?question=1', createdAt: at(9) },
    { kind: 'sale' as const, title: 'sold A', link: '/profile/tutor-analytics', createdAt: at(1) },
  ];

  it('groups the notifications by kind, in the kinds’ order, each group oldest first', () => {
    const groups = groupForDigest(items);
    expect(groups.map((g) => g.kind)).toEqual(['question', 'sale']);
    expect(groups[1]?.items.map((i) => i.title)).toEqual(['sold A', 'sold B']);
    expect(groupForDigest([])).toEqual([]);
  });

  it('is one mail with a heading per kind, every link absolute, and a way out per kind', () => {
    const mail = digestMail(items, {
      publicUrl: 'https://liveedu.example',
      name: 'meera',
      unsubscribe: (kind) => `https://x/u/${kind}`,
    });
    expect(mail.subject).toBe('Your LiveEdu digest: 3 new notifications');
    expect(mail.text).toContain('New questions in your courses (1)');
    expect(mail.text).toContain('Course sales (2)');
    expect(mail.text.indexOf('sold A')).toBeLessThan(mail.text.indexOf('sold B'));
    expect(mail.text).toContain('https://liveedu.example/profile/questions?question=1');
    expect(mail.text).toContain('Stop course sale mails: https://x/u/sale');
  });

  it('goes at the set hour: before it, the slot is yesterday’s', () => {
    expect(digestSlot(new Date('2025-01-02T06:59:00Z'), 7).toISOString()).toBe('2025-01-01T07:00:00.000Z');
    expect(digestSlot(new Date('2025-01-02T07:00:00Z'), 7).toISOString()).toBe('2025-01-02T07:00:00.000Z');
    expect(digestSlot(new Date('2025-01-02T23:30:00Z'), 0).toISOString()).toBe('2025-01-02T00:00:00.000Z');
  });
});

describe('the unsubscribed page', () => {
  it('names the mails that stop', () => {
    expect(unsubscribedPage(['sale'])).toContain('You will no longer get course sale mails.');
    expect(unsubscribedPage(['sale', 'review', 'question'])).toContain(
      'You will no longer get course sale, new review and new question mails.',
    );
  });
});
