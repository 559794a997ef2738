import { describe, expect, it } from 'vitest';
import { countsFor, lastDays, lastMonths } from './calendar.ts';
import { applyReview, checkCourseInput, checkReview, priceToPaise } from './course.ts';
import { escapeRegex } from './text.ts';

const item = { sectionTitle: 'S', videoTitle: 'V', videoDesc: 'D', videoLink: 'https://v.example/1' };
const valid = {
  title: ' T ',
  desc: 'D',
  price: '499',
  category: 'Design',
  difficulity: 'All Level',
  benefits: 'B',
  prerequistes: 'P',
  courseContent: [[item]],
};

describe('course rules', () => {
  it('accepts a complete course, trimming text and keeping price in paise', () => {
    const checked = checkCourseInput(valid);
    expect(checked).toMatchObject({
      ok: true,
      value: { title: 'T', pricePaise: 49_900, difficulity: 'all level' },
    });
  });

  it('asks for every field before checking values', () => {
    for (const field of Object.keys(valid)) {
      expect(checkCourseInput({ ...valid, [field]: '' })).toEqual({
        ok: false,
        message: 'All fields are required',
      });
    }
    expect(checkCourseInput({ ...valid, courseContent: [[{ ...item, videoTitle: ' ' }]] }).ok).toBe(false);
    expect(checkCourseInput(null)).toEqual({ ok: false, message: 'All fields are required' });
  });

  it('takes whole positive rupees only', () => {
    expect(priceToPaise(1)).toBe(100);
    expect(priceToPaise('12')).toBe(1200);
    for (const bad of [0, -1, 1.5, '1.5', '1e3', 'abc', null, 10_000_001])
      expect(priceToPaise(bad)).toBeNull();
  });

  it('takes integer ratings 1 to 5 with text', () => {
    expect(checkReview(5, ' ok ')).toEqual({ ok: true, value: { rating: 5, comment: 'ok' } });
    expect(checkReview(0, 'x')).toEqual({ ok: false, message: 'All fields are required' });
    expect(checkReview(3, '')).toEqual({ ok: false, message: 'All fields are required' });
    expect(checkReview(6, 'x').ok).toBe(false);
    expect(checkReview(2.5, 'x').ok).toBe(false);
  });

  it('replaces a student’s earlier review and recomputes the totals', () => {
    const at = new Date();
    const first = applyReview([], { userId: 'a', rating: 2, comment: 'x', createdAt: at });
    const second = applyReview(first.reviews, { userId: 'b', rating: 5, comment: 'y', createdAt: at });
    const replaced = applyReview(second.reviews, { userId: 'a', rating: 4, comment: 'z', createdAt: at });
    expect(replaced).toMatchObject({ ratingSum: 9, ratingCount: 2, ratingAverage: 4.5 });
  });
});

describe('search text', () => {
  it('escapes every regex metacharacter', () => {
    const special = 'a.b*c+d?e^f$g{1}h(i)j|k[l]m\\n/o-p';
    const pattern = new RegExp(`^${escapeRegex(special)}$`);
    expect(pattern.test(special)).toBe(true);
    expect(new RegExp(escapeRegex('.*')).test('anything')).toBe(false);
  });
});

describe('chart buckets (Asia/Kolkata)', () => {
  it('lists the last days and months oldest first, ending today in India', () => {
    const now = new Date('2024-03-01T20:00:00Z'); // already 2 March in India
    const days = lastDays(now, 28);
    expect(days).toHaveLength(28);
    expect(days.at(-1)).toBe('2024-03-02');
    expect(days[0]).toBe('2024-02-04');
    expect(lastMonths(now, 12)).toEqual([
      '2023-04',
      '2023-05',
      '2023-06',
      '2023-07',
      '2023-08',
      '2023-09',
      '2023-10',
      '2023-11',
      '2023-12',
      '2024-01',
      '2024-02',
      '2024-03',
    ]);
    expect(countsFor(['a', 'b'], new Map([['b', 3]]))).toEqual([0, 3]);
  });
});
