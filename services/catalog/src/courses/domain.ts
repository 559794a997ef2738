import { createHash } from 'node:crypto';

/**
 * The rules of a course as a tutor writes it: which fields are required, which values are
 * allowed, and how money and ratings are kept. No Fastify or MongoDB in here.
 */

export const DIFFICULTIES = ['beginner', 'intermediate', 'advance', 'all level'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const REQUIRED_MESSAGE = 'All fields are required';

/** What a course item is: a lecture (the default), a Markdown article, a quiz or an assignment. */
export const ITEM_KINDS = ['video', 'article', 'quiz', 'assignment'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

export interface CourseItem {
  /**
   * Stable across edits and reorders, so progress stays with its item. Items stored before ids
   * existed read as `itemIdFor(course, section, position)` until the start-up migration writes it.
   */
  _id?: string;
  /** Absent on a video: every item stored before items had kinds is one. */
  kind?: Exclude<ItemKind, 'video'>;
  sectionTitle: string;
  /** The item's title, whatever its kind. */
  videoTitle: string;
  /** '' on an item other than a video that was given none. */
  videoDesc: string;
  /** A video's YouTube or other external address; empty for a video hosted here; absent on other kinds. */
  videoLink?: string;
  /** A video the tutor uploaded here (the media service's id), played instead of a link. */
  videoId?: string;
  /** An article's text, in Markdown (sanitised where it is shown). */
  body?: string;
  /**
   * Anyone may play or read it from the course's page, before buying (at most `MAX_PREVIEWS` a
   * course; videos and articles only).
   */
  preview?: boolean;
}

/** What an item is, a video when it says nothing. */
export const kindOf = (item: Pick<CourseItem, 'kind'>): ItemKind => item.kind ?? 'video';

/** How many items of a course may be free previews. */
export const MAX_PREVIEWS = 3;
export const TOO_MANY_PREVIEWS = `At most ${MAX_PREVIEWS} items can be free previews`;

const VIDEO_ID = /^[0-9a-f]{24}$/;
const ITEM_ID = /^[0-9a-f]{24}$/;
export const UNKNOWN_ITEM_MESSAGE = 'Unknown item in the course content';

/** The id an item stored without one is known by: derived from where it stood, so it never changes. */
export function itemIdFor(courseId: string, section: number, position: number): string {
  return createHash('sha256').update(`${courseId}/${section}/${position}`).digest('hex').slice(0, 24);
}

/** A course's sections with every item's id, derived where none was stored. */
export function contentWithIds(
  courseId: string,
  sections: CourseItem[][],
): Array<Array<CourseItem & { _id: string }>> {
  return sections.map((items, s) =>
    items.map((item, i) => ({ ...item, _id: item._id ?? itemIdFor(courseId, s, i) })),
  );
}

/**
 * Gives each item of submitted content its id: an item sent back with its `_id` keeps it; one
 * without is new and gets `fresh()`; an id the course does not have, or one sent twice, fails.
 */
export function assignItemIds(
  content: CourseItem[][],
  known: ReadonlySet<string>,
  fresh: () => string,
): Checked<Array<Array<CourseItem & { _id: string }>>> {
  const seen = new Set<string>();
  const out: Array<Array<CourseItem & { _id: string }>> = [];
  for (const items of content) {
    const section: Array<CourseItem & { _id: string }> = [];
    for (const item of items) {
      if (item._id !== undefined && (!known.has(item._id) || seen.has(item._id)))
        return fail(UNKNOWN_ITEM_MESSAGE);
      const _id = item._id ?? fresh();
      seen.add(_id);
      section.push({ ...item, _id });
    }
    out.push(section);
  }
  return { ok: true, value: out };
}

/** The hosted videos a course's items play, each once. */
export function videoIdsOf(content: CourseItem[][]): string[] {
  return [...new Set(content.flat().flatMap((item) => (item.videoId ? [item.videoId] : [])))];
}

export interface CourseInput {
  title: string;
  desc: string;
  pricePaise: number;
  category: string;
  difficulity: Difficulty;
  benefits: string;
  prerequistes: string;
  /** Sections, each a list of items. */
  courseContent: CourseItem[][];
  /** Each item opens for a student once the one before it is completed. */
  sequential: boolean;
}

export const LIMITS = {
  title: 200,
  desc: 20_000,
  benefits: 5_000,
  prerequistes: 5_000,
  category: 100,
  sections: 100,
  itemsPerSection: 200,
  sectionTitle: 200,
  videoTitle: 300,
  videoDesc: 10_000,
  videoLink: 2_000,
  /** An article's Markdown. */
  articleBody: 50_000,
  /** ₹10,00,000: above any real course price, well inside safe integers in paise. */
  priceRupees: 1_000_000,
};

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

const fail = (message: string) => ({ ok: false, message }) as const;

function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** What a course costs when it is free: anyone signed in enrolls without an order. */
export const FREE_PRICE_PAISE = 0;

export const isFree = (pricePaise: number) => pricePaise === FREE_PRICE_PAISE;

export const PRICE_MESSAGE = 'Price must be a whole number of rupees, 0 for a free course';

/**
 * Whole rupees as the form sends them (a number or a numeric string) → paise, or null. 0 makes
 * the course free; fractions, negatives and anything not a number are refused.
 */
export function priceToPaise(value: unknown): number | null {
  let rupees: number;
  if (typeof value === 'number') rupees = value;
  else if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) rupees = Number(value);
  else return null;
  if (!Number.isInteger(rupees) || rupees < 0 || rupees > LIMITS.priceRupees) return null;
  // JSON's -0 is stored as 0.
  return rupees === 0 ? FREE_PRICE_PAISE : rupees * 100;
}

export const paiseToRupees = (paise: number) => Math.round(paise) / 100;

export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export function tooLong(field: string, max: number) {
  return `${field} must be at most ${max} characters`;
}

export const UNKNOWN_KIND_MESSAGE = `Kind must be one of ${ITEM_KINDS.join(', ')}`;
export const ARTICLE_TOO_LONG = `An article may be at most ${LIMITS.articleBody.toLocaleString('en-US')} characters`;
export const PREVIEW_KINDS_MESSAGE = 'Only a video or an article can be a free preview';

const absent = (value: unknown) => value === undefined || value === null || value === '';

/**
 * One item of submitted content. Every kind has a section title and a title; a video also its
 * description and a link or a hosted video; an article its Markdown (a description is optional
 * for every kind but a video). Links and hosted videos are kept on videos only.
 */
function checkItem(item: unknown): Checked<CourseItem> {
  if (typeof item !== 'object' || item === null) return fail(REQUIRED_MESSAGE);
  const it = item as Record<string, unknown>;
  const kind = absent(it.kind) ? 'video' : it.kind;
  if (!(ITEM_KINDS as readonly unknown[]).includes(kind)) return fail(UNKNOWN_KIND_MESSAGE);
  const video = kind === 'video';
  const sectionTitle = text(it.sectionTitle);
  const videoTitle = text(it.videoTitle);
  const videoDesc = video ? text(it.videoDesc) : (text(it.videoDesc) ?? '');
  const itemId = absent(it._id) ? null : it._id;
  if (itemId !== null && (typeof itemId !== 'string' || !ITEM_ID.test(itemId))) {
    return fail(UNKNOWN_ITEM_MESSAGE);
  }
  const videoId = !video || absent(it.videoId) ? null : it.videoId;
  if (videoId !== null && (typeof videoId !== 'string' || !VIDEO_ID.test(videoId))) {
    return fail('Unknown video in the course content');
  }
  // A hosted video needs no link; a link is checked only when there is no hosted video.
  const videoLink = !video || videoId ? '' : text(it.videoLink);
  const body = kind === 'article' && typeof it.body === 'string' ? it.body : null;
  if (!sectionTitle || !videoTitle || videoDesc === null || videoLink === null) return fail(REQUIRED_MESSAGE);
  if (kind === 'article' && (body === null || body.trim() === '')) return fail(REQUIRED_MESSAGE);
  if (sectionTitle.length > LIMITS.sectionTitle) return fail(tooLong('Section title', LIMITS.sectionTitle));
  if (videoTitle.length > LIMITS.videoTitle) return fail(tooLong('Video title', LIMITS.videoTitle));
  if (videoDesc.length > LIMITS.videoDesc) return fail(tooLong('Video description', LIMITS.videoDesc));
  if (video && !videoId && (videoLink.length > LIMITS.videoLink || !isHttpUrl(videoLink))) {
    return fail('Video links must be http:// or https:// addresses');
  }
  if (body !== null && body.length > LIMITS.articleBody) return fail(ARTICLE_TOO_LONG);
  if (it.preview !== undefined && it.preview !== null && typeof it.preview !== 'boolean') {
    return fail('Preview must be true or false');
  }
  if (it.preview === true && kind !== 'video' && kind !== 'article') return fail(PREVIEW_KINDS_MESSAGE);
  return {
    ok: true,
    value: {
      ...(itemId ? { _id: itemId } : {}),
      ...(video ? {} : { kind: kind as Exclude<ItemKind, 'video'> }),
      sectionTitle,
      videoTitle,
      videoDesc,
      ...(video ? { videoLink } : {}),
      ...(videoId ? { videoId } : {}),
      ...(body !== null ? { body } : {}),
      ...(it.preview === true ? { preview: true } : {}),
    },
  };
}

/**
 * Checks the `Data` JSON of create-course and update-course. Missing or blank fields come first
 * ('All fields are required'), then the value rules, in the order a person fixes a form.
 */
export function checkCourseInput(raw: unknown): Checked<CourseInput> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail(REQUIRED_MESSAGE);
  const data = raw as Record<string, unknown>;
  const title = text(data.title);
  const desc = text(data.desc);
  const category = text(data.category);
  const difficulity = text(data.difficulity);
  const benefits = text(data.benefits);
  const prerequistes = text(data.prerequistes);
  const priceGiven = data.price !== undefined && data.price !== null && text(data.price) !== null;
  if (!title || !desc || !category || !difficulity || !benefits || !prerequistes || !priceGiven) {
    return fail(REQUIRED_MESSAGE);
  }
  const content = data.courseContent;
  if (!Array.isArray(content) || content.length === 0) return fail(REQUIRED_MESSAGE);
  if (content.length > LIMITS.sections) return fail(`A course can have at most ${LIMITS.sections} sections`);
  const sections: CourseItem[][] = [];
  let previews = 0;
  for (const section of content) {
    if (!Array.isArray(section) || section.length === 0) return fail(REQUIRED_MESSAGE);
    if (section.length > LIMITS.itemsPerSection) {
      return fail(`A section can have at most ${LIMITS.itemsPerSection} videos`);
    }
    const items: CourseItem[] = [];
    for (const item of section) {
      const checked = checkItem(item);
      if (!checked.ok) return checked;
      if (checked.value.preview) previews += 1;
      items.push(checked.value);
    }
    sections.push(items);
  }
  if (previews > MAX_PREVIEWS) return fail(TOO_MANY_PREVIEWS);
  if (title.length > LIMITS.title) return fail(tooLong('Title', LIMITS.title));
  if (desc.length > LIMITS.desc) return fail(tooLong('Description', LIMITS.desc));
  if (benefits.length > LIMITS.benefits) return fail(tooLong('Benefits', LIMITS.benefits));
  if (prerequistes.length > LIMITS.prerequistes) return fail(tooLong('Prerequisites', LIMITS.prerequistes));
  if (category.length > LIMITS.category) return fail('Please choose a category from the list');
  const level = difficulity.toLowerCase();
  if (!(DIFFICULTIES as readonly string[]).includes(level)) {
    return fail(`Difficulity must be one of ${DIFFICULTIES.join(', ')}`);
  }
  const pricePaise = priceToPaise(data.price);
  if (pricePaise === null) return fail(PRICE_MESSAGE);
  const sequential = data.sequential ?? false;
  if (typeof sequential !== 'boolean') return fail('Sequential must be true or false');
  return {
    ok: true,
    value: {
      title,
      desc,
      pricePaise,
      category,
      difficulity: level as Difficulty,
      benefits,
      prerequistes,
      courseContent: sections,
      sequential,
    },
  };
}

export interface ReviewInput {
  rating: number;
  comment: string;
}

export const MAX_REVIEW_LENGTH = 5_000;

export function checkReview(rating: unknown, review: unknown): Checked<ReviewInput> {
  const comment = typeof review === 'string' ? review.trim() : '';
  if (rating === undefined || rating === null || rating === 0 || rating === '0' || comment === '') {
    return fail(REQUIRED_MESSAGE);
  }
  const value = typeof rating === 'string' && /^\s*\d+\s*$/.test(rating) ? Number(rating) : rating;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 5) {
    return fail('Rating must be a whole number from 1 to 5');
  }
  if (comment.length > MAX_REVIEW_LENGTH) return fail(tooLong('Review', MAX_REVIEW_LENGTH));
  return { ok: true, value: { rating: value, comment } };
}

export interface StoredReview {
  userId: string;
  rating: number;
  comment: string;
  createdAt: Date;
  /** The review row's revision this entry shows (absent before revisions were kept). */
  rev?: number;
}

/** The `count` newest reviews, newest first: what a course document shows on its page. */
export function newestReviews<T extends { createdAt: Date }>(reviews: readonly T[], count: number): T[] {
  return [...reviews].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, count);
}

/** Totals recomputed from every review: for seeding and migrating, never for live writes. */
export function ratingTotals(reviews: { rating: number }[]) {
  const ratingSum = reviews.reduce((sum, r) => sum + r.rating, 0);
  const ratingCount = reviews.length;
  return { ratingSum, ratingCount, ratingAverage: ratingAverage(ratingSum, ratingCount) };
}

/** Average to one decimal place, 0 when there is no rating. */
export function ratingAverage(sum: number, count: number): number {
  return count === 0 ? 0 : Math.round((sum / count) * 10) / 10;
}

/** Lower-cased, trimmed copy of a text: what case-insensitive lookups and searches compare. */
export const textKey = (value: string) => value.trim().toLowerCase();

/** A user's text as a literal pattern (RE2 syntax): every metacharacter is escaped. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
