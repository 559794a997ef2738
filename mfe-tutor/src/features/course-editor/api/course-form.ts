import type { CourseForUpdate, VideoFields } from '@liveedu/api-client';

/** The spec's levels, spelt as the server stores them. */
export const DIFFICULTIES = ['beginner', 'intermediate', 'advance', 'all level'] as const;

export const UNTITLED_SECTION = 'Untitled Section';
export const REQUIRED_MESSAGE = 'All fields are required';
export const IMAGE_REQUIRED_MESSAGE = 'Please select an image first.';

export interface ItemDraft extends Required<VideoFields> {
  key: string;
  /** The item's id on the server: sent back so an edit keeps it (and the students' progress). */
  _id?: string;
  /** A video uploaded here, played instead of the link ('' when the item has none). */
  videoId: string;
  /** Anyone may play it from the course's page before buying. */
  preview: boolean;
}

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
  sections: SectionDraft[];
}

export type CourseField = Exclude<keyof CourseDraft, 'sections'>;
export type ItemField = keyof VideoFields | 'videoId';

let counter = 0;
const nextKey = (prefix: string) => `${prefix}-${++counter}`;

export function emptyItem(): ItemDraft {
  return {
    key: nextKey('item'),
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
    sections: [emptySection()],
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
      if (
        blank(item.sectionTitle) ||
        blank(item.videoTitle) ||
        blank(item.videoDesc) ||
        (blank(item.videoLink) && blank(item.videoId))
      ) {
        return REQUIRED_MESSAGE;
      }
    }
  }
  if (!image.chosen && !image.existing) return IMAGE_REQUIRED_MESSAGE;
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
    courseContent: draft.sections.map((section) =>
      section.items.map(({ _id, sectionTitle, videoTitle, videoDesc, videoLink, videoId, preview }) => ({
        ...(_id ? { _id } : {}),
        sectionTitle: sectionTitle.trim(),
        videoTitle: videoTitle.trim(),
        videoDesc: videoDesc.trim(),
        videoLink: videoId ? '' : videoLink.trim(),
        ...(videoId ? { videoId } : {}),
        ...(preview ? { preview: true } : {}),
      })),
    ),
  };
}
