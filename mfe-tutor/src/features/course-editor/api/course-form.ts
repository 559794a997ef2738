import type { CourseForUpdate, VideoFields } from '@liveedu/api-client';

/** The spec's levels, spelt as the server stores them. */
export const DIFFICULTIES = ['beginner', 'intermediate', 'advance', 'all level'] as const;

export const UNTITLED_SECTION = 'Untitled Section';
export const REQUIRED_MESSAGE = 'All fields are required';
export const IMAGE_REQUIRED_MESSAGE = 'Please select an image first.';

/** What an item of a course is: a lecture (the default), a Markdown article, a quiz or an assignment. */
export type ItemKind = 'video' | 'article' | 'quiz' | 'assignment';
export const ITEM_KINDS: readonly { id: ItemKind; label: string }[] = [
  { id: 'video', label: 'Video' },
  { id: 'article', label: 'Article' },
  { id: 'quiz', label: 'Quiz' },
  { id: 'assignment', label: 'Assignment' },
];
export const kindLabel = (kind: ItemKind) => ITEM_KINDS.find((k) => k.id === kind)?.label ?? 'Video';

/** The longest article the catalog keeps, in characters. */
export const MAX_ARTICLE_LENGTH = 50_000;
export const ARTICLE_TOO_LONG = `An article may be at most ${MAX_ARTICLE_LENGTH.toLocaleString('en-US')} characters`;

export interface ItemDraft extends Required<VideoFields> {
  key: string;
  kind: ItemKind;
  /** An article's Markdown ('' for other kinds). */
  body: string;
  /** The item's id on the server: sent back so an edit keeps it (and the students' progress). */
  _id?: string;
  /** A video uploaded here, played instead of the link ('' when the item has none). */
  videoId: string;
  /** Anyone may play it from the course's page before buying. */
  preview: boolean;
}

/** The kinds anyone may open from the course page before buying: a video or an article. */
export const canPreview = (kind: ItemKind) => kind === 'video' || kind === 'article';

/** How many items of a course may be free previews (the catalog refuses more). */
export const MAX_PREVIEWS = 3;

/** How many items of the draft are marked as free previews. */
export const previewsIn = (draft: CourseDraft) =>
  draft.sections.reduce((sum, section) => sum + section.items.filter((item) => item.preview).length, 0);

export interface SectionDraft {
  key: string;
  items: ItemDraft[];
}

export interface CourseDraft {
  title: string;
  desc: string;
  /** As typed in the numeric input; sent as a number. */
  price: string;
  category: string;
  difficulity: string;
  benefits: string;
  prerequistes: string;
  /** Each item unlocks once the one before it is completed. */
  sequential: boolean;
  sections: SectionDraft[];
}

export type CourseField = Exclude<keyof CourseDraft, 'sections' | 'sequential'>;
export type ItemField = keyof VideoFields | 'videoId' | 'body';

let counter = 0;
const nextKey = (prefix: string) => `${prefix}-${++counter}`;

export function emptyItem(): ItemDraft {
  return {
    key: nextKey('item'),
    kind: 'video',
    body: '',
    sectionTitle: UNTITLED_SECTION,
    videoTitle: '',
    videoDesc: '',
    videoLink: '',
    videoId: '',
    preview: false,
  };
}

export function emptySection(): SectionDraft {
  return { key: nextKey('section'), items: [emptyItem()] };
}

/** The create form at start and after a course was created: one empty section. */
export function emptyDraft(): CourseDraft {
  return {
    title: '',
    desc: '',
    price: '',
    category: '',
    difficulity: '',
    benefits: '',
    prerequistes: '',
    sequential: false,
    sections: [emptySection()],
  };
}

const KIND_IDS: readonly string[] = ITEM_KINDS.map((k) => k.id);

/**
 * The kind and article body the catalog gives an item; an item saved before items had kinds,
 * or read from a catalog that does not say, is a video.
 */
export function kindOf(item: object): { kind: ItemKind; body: string } {
  const { kind, body } = item as { kind?: unknown; body?: unknown };
  return {
    kind: typeof kind === 'string' && KIND_IDS.includes(kind) ? (kind as ItemKind) : 'video',
    body: typeof body === 'string' ? body : '',
  };
}

/** The update form, every field preset from the course (category included). */
export function draftFromCourse(course: CourseForUpdate): CourseDraft {
  const sections = (course.courseContent ?? [])
    .filter((items) => Array.isArray(items) && items.length > 0)
    .map((items) => ({
      key: nextKey('section'),
      items: items.map((item) => ({
        key: nextKey('item'),
        ...kindOf(item),
        _id: item._id,
        videoId: item.videoId ?? '',
        sectionTitle: item.sectionTitle ?? '',
        videoTitle: item.videoTitle ?? '',
        videoDesc: item.videoDesc ?? '',
        videoLink: item.videoLink ?? '',
        preview: item.preview === true,
      })),
    }));
  return {
    title: course.title ?? '',
    desc: course.desc ?? '',
    price: course.price === undefined || course.price === null ? '' : String(course.price),
    category: course.category ?? '',
    difficulity: course.difficulity ?? '',
    benefits: course.benefits ?? '',
    prerequistes: course.prerequistes ?? '',
    sequential: course.sequential === true,
    sections: sections.length > 0 ? sections : [emptySection()],
  };
}

const blank = (value: string) => value.trim() === '';

/**
 * The spec's checks, in its order: the course fields, then every content item, then the
 * thumbnail (needed on create, and on update only when the course has none).
 */
export function validateDraft(
  draft: CourseDraft,
  image: { chosen: boolean; existing: boolean },
): string | null {
  const fields: CourseField[] = [
    'title',
    'desc',
    'price',
    'category',
    'difficulity',
    'benefits',
    'prerequistes',
  ];
  if (fields.some((f) => blank(draft[f]))) return REQUIRED_MESSAGE;
  if (draft.sections.length === 0) return REQUIRED_MESSAGE;
  for (const section of draft.sections) {
    if (section.items.length === 0) return REQUIRED_MESSAGE;
    for (const item of section.items) {
      const problem = itemProblem(item);
      if (problem) return problem;
    }
  }
  if (!image.chosen && !image.existing) return IMAGE_REQUIRED_MESSAGE;
  return null;
}

/**
 * What an item lacks, by its kind: every item has a section title and a title; a video also its
 * description and a link or an uploaded video; an article its text; a quiz or an assignment no
 * more (their questions and brief are saved on their own once the item is).
 */
function itemProblem(item: ItemDraft): string | null {
  if (blank(item.sectionTitle) || blank(item.videoTitle)) return REQUIRED_MESSAGE;
  if (item.kind === 'video') {
    return blank(item.videoDesc) || (blank(item.videoLink) && blank(item.videoId)) ? REQUIRED_MESSAGE : null;
  }
  if (item.kind === 'article') {
    if (blank(item.body)) return REQUIRED_MESSAGE;
    if (item.body.length > MAX_ARTICLE_LENGTH) return ARTICLE_TOO_LONG;
  }
  return null;
}

/** The `Data` JSON the server reads: content as a list of sections, each a list of items. */
export function toCoursePayload(draft: CourseDraft) {
  return {
    title: draft.title.trim(),
    desc: draft.desc.trim(),
    price: Number(draft.price),
    category: draft.category,
    difficulity: draft.difficulity,
    benefits: draft.benefits.trim(),
    prerequistes: draft.prerequistes.trim(),
    sequential: draft.sequential,
    courseContent: draft.sections.map((section) => section.items.map(itemPayload)),
  };
}

/**
 * One item as the catalog reads it. A video is sent as it always was (no `kind`: the default);
 * another kind carries its kind, an article its Markdown (and whether it is a free preview), and
 * a description only when it has one.
 */
function itemPayload(item: ItemDraft) {
  const common = {
    ...(item._id ? { _id: item._id } : {}),
    sectionTitle: item.sectionTitle.trim(),
    videoTitle: item.videoTitle.trim(),
  };
  if (item.kind === 'video') {
    return {
      ...common,
      videoDesc: item.videoDesc.trim(),
      videoLink: item.videoId ? '' : item.videoLink.trim(),
      ...(item.videoId ? { videoId: item.videoId } : {}),
      ...(item.preview ? { preview: true } : {}),
    };
  }
  const desc = item.videoDesc.trim();
  return {
    ...common,
    kind: item.kind,
    ...(desc ? { videoDesc: desc } : {}),
    ...(item.kind === 'article' ? { body: item.body } : {}),
    ...(item.preview && canPreview(item.kind) ? { preview: true } : {}),
  };
}
