import { describe, expect, it } from 'vitest';
import {
  checkCourseInput,
  checkReview,
  escapeRegex,
  isFree,
  kindOf,
  newestReviews,
  PRICE_MESSAGE,
  priceToPaise,
  ratingAverage,
  ratingTotals,
} from './domain.ts';

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

  it('keeps up to three items marked as free previews, and refuses a fourth or a flag that is not true or false', () => {
    const preview = { ...item, preview: true };
    const checked = checkCourseInput({
      ...valid,
      courseContent: [
        [preview, item],
        [preview, { ...item, preview: false }],
      ],
    });
    expect(checked.ok && checked.value.courseContent).toEqual([
      [{ ...item, preview: true }, item],
      [{ ...item, preview: true }, item],
    ]);
    expect(checkCourseInput({ ...valid, courseContent: [[preview, preview], [preview]] }).ok).toBe(true);
    expect(
      checkCourseInput({
        ...valid,
        courseContent: [
          [preview, preview],
          [preview, preview],
        ],
      }),
    ).toEqual({
      ok: false,
      message: 'At most 3 items can be free previews',
    });
    for (const flag of ['true', 1, 'yes']) {
      expect(checkCourseInput({ ...valid, courseContent: [[{ ...item, preview: flag }]] })).toEqual({
        ok: false,
        message: 'Preview must be true or false',
      });
    }
  });

  it('takes whole rupees from 0 (free) up to the limit', () => {
    expect(priceToPaise(1)).toBe(100);
    expect(priceToPaise('12')).toBe(1200);
    expect(priceToPaise(1_000_000)).toBe(100_000_000);
    for (const free of [0, '0', ' 0 ', -0]) expect(Object.is(priceToPaise(free), 0)).toBe(true);
    for (const bad of [-1, '-1', 1.5, '1.5', 0.01, '0.5', 99.999, '1e3', 'abc', '', null, true, 1_000_001])
      expect(priceToPaise(bad)).toBeNull();
  });

  it('makes a course free at price 0, on create and update alike, and refuses prices below it', () => {
    expect(checkCourseInput({ ...valid, price: 0 })).toMatchObject({ ok: true, value: { pricePaise: 0 } });
    expect(checkCourseInput({ ...valid, price: '0' })).toMatchObject({ ok: true, value: { pricePaise: 0 } });
    expect(isFree(0)).toBe(true);
    expect(isFree(100)).toBe(false);
    for (const price of [-5, 99.5, '1.25', 'free'])
      expect(checkCourseInput({ ...valid, price })).toEqual({ ok: false, message: PRICE_MESSAGE });
    expect(PRICE_MESSAGE).toBe('Price must be a whole number of rupees, 0 for a free course');
  });

  it('takes integer ratings 1 to 5 with text', () => {
    expect(checkReview(5, ' ok ')).toEqual({ ok: true, value: { rating: 5, comment: 'ok' } });
    expect(checkReview(0, 'x')).toEqual({ ok: false, message: 'All fields are required' });
    expect(checkReview(3, '')).toEqual({ ok: false, message: 'All fields are required' });
    expect(checkReview(6, 'x').ok).toBe(false);
    expect(checkReview(2.5, 'x').ok).toBe(false);
  });

  it('totals ratings and averages them to one decimal, 0 without ratings', () => {
    expect(ratingTotals([{ rating: 2 }, { rating: 5 }, { rating: 4 }])).toEqual({
      ratingSum: 11,
      ratingCount: 3,
      ratingAverage: 3.7,
    });
    expect(ratingTotals([])).toEqual({ ratingSum: 0, ratingCount: 0, ratingAverage: 0 });
    expect(ratingAverage(9, 2)).toBe(4.5);
  });

  it('keeps the newest reviews, newest first', () => {
    const at = (day: number) => new Date(Date.UTC(2024, 0, day));
    const reviews = [3, 1, 4, 5, 2].map((day) => ({ userId: `u${day}`, createdAt: at(day) }));
    expect(newestReviews(reviews, 3).map((r) => r.userId)).toEqual(['u5', 'u4', 'u3']);
    expect(newestReviews(reviews, 10)).toHaveLength(5);
    expect(reviews.map((r) => r.userId)).toEqual(['u3', 'u1', 'u4', 'u5', 'u2']);
  });
});

describe('item kinds', () => {
  const withContent = (...items: unknown[]) => checkCourseInput({ ...valid, courseContent: [items] });
  const article = { sectionTitle: 'S', videoTitle: 'Read', kind: 'article', body: '# Hello\n\nText' };

  it('reads an item without a kind as a video, stored without a kind field', () => {
    const checked = withContent(item, { ...item, kind: 'video', body: 'ignored' });
    expect(checked.ok && checked.value.courseContent).toEqual([[item, item]]);
    expect(checked.ok && kindOf(checked.value.courseContent[0]![0]!)).toBe('video');
  });

  it("keeps an article's Markdown, and no link or hosted video on an item that is not a video", () => {
    const checked = withContent(
      { ...article, videoLink: 'https://v.example/1', videoId: 'a'.repeat(24) },
      { sectionTitle: 'S', videoTitle: 'Check', kind: 'quiz', videoDesc: ' About it ' },
      { sectionTitle: 'S', videoTitle: 'Task', kind: 'assignment' },
    );
    expect(checked.ok && checked.value.courseContent).toEqual([
      [
        { sectionTitle: 'S', videoTitle: 'Read', kind: 'article', videoDesc: '', body: '# Hello\n\nText' },
        { sectionTitle: 'S', videoTitle: 'Check', kind: 'quiz', videoDesc: 'About it' },
        { sectionTitle: 'S', videoTitle: 'Task', kind: 'assignment', videoDesc: '' },
      ],
    ]);
  });

  it('asks an article for its text, at most 50,000 characters, and every kind for its titles', () => {
    for (const body of [undefined, '', '   \n ', 42]) {
      expect(withContent({ ...article, body })).toEqual({ ok: false, message: 'All fields are required' });
    }
    expect(withContent({ ...article, body: 'x'.repeat(50_000) }).ok).toBe(true);
    expect(withContent({ ...article, body: 'x'.repeat(50_001) })).toEqual({
      ok: false,
      message: 'An article may be at most 50,000 characters',
    });
    expect(withContent({ kind: 'quiz', sectionTitle: 'S', videoTitle: ' ' }).ok).toBe(false);
    expect(withContent({ kind: 'assignment', videoTitle: 'T' }).ok).toBe(false);
  });

  it('refuses an unknown kind, and a free preview of a quiz or an assignment', () => {
    expect(withContent({ ...item, kind: 'podcast' })).toEqual({
      ok: false,
      message: 'Kind must be one of video, article, quiz, assignment',
    });
    expect(withContent({ ...item, kind: 7 }).ok).toBe(false);
    for (const kind of ['quiz', 'assignment']) {
      expect(withContent({ sectionTitle: 'S', videoTitle: 'T', kind, preview: true })).toEqual({
        ok: false,
        message: 'Only a video or an article can be a free preview',
      });
      expect(withContent({ sectionTitle: 'S', videoTitle: 'T', kind, preview: false }).ok).toBe(true);
    }
    const preview = withContent({ ...article, preview: true });
    expect(preview.ok && preview.value.courseContent[0]![0]!.preview).toBe(true);
  });

  it('takes `sequential` as true or false, false when not given', () => {
    const off = checkCourseInput(valid);
    expect(off.ok && off.value.sequential).toBe(false);
    const on = checkCourseInput({ ...valid, sequential: true });
    expect(on.ok && on.value.sequential).toBe(true);
    expect(checkCourseInput({ ...valid, sequential: 'yes' })).toEqual({
      ok: false,
      message: 'Sequential must be true or false',
    });
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
