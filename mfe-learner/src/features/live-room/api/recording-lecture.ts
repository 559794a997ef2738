import type { CourseForUpdate, LiveSession } from '@liveedu/api-client';

/** The section of a course that holds its live classes' recordings. */
export const LIVE_SECTION_TITLE = 'Live sessions';

type StoredItem = CourseForUpdate['courseContent'][number][number];

/** The lecture a recording becomes: "<class title> (recorded <date>)". */
export function recordingLectureTitle(session: Pick<LiveSession, 'title'>, recordedAt: Date): string {
  const date = recordedAt.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
  return `${session.title} (recorded ${date})`;
}

function recordingLectureDescription(session: Pick<LiveSession, 'title' | 'description'>): string {
  const about = session.description.trim();
  return about ? about : `The recording of the live class “${session.title}”.`;
}

/**
 * An item of the course update form's content, as the catalog reads it: a stored item, where only
 * its section, title and description must be sent.
 */
export type ContentItem = Pick<StoredItem, 'sectionTitle' | 'videoTitle' | 'videoDesc'> &
  Partial<Pick<StoredItem, '_id' | 'kind' | 'videoLink' | 'videoId' | 'body' | 'preview'>>;

/** An item sent back as the catalog stores it, so saving the course changes nothing else. */
function storedItemPayload(item: StoredItem): ContentItem {
  const video = item.kind === 'video' || !item.kind;
  return {
    _id: item._id,
    ...(video ? {} : { kind: item.kind }),
    sectionTitle: item.sectionTitle,
    videoTitle: item.videoTitle,
    videoDesc: item.videoDesc ?? '',
    ...(video ? { videoLink: item.videoId ? '' : (item.videoLink ?? '') } : {}),
    ...(video && item.videoId ? { videoId: item.videoId } : {}),
    ...(item.kind === 'article' ? { body: item.body ?? '' } : {}),
    ...(item.preview ? { preview: true } : {}),
  };
}

const isLiveSection = (section: StoredItem[]) =>
  section[0]?.sectionTitle.trim().toLowerCase() === LIVE_SECTION_TITLE.toLowerCase();

/** The item of the course that plays `videoId`, if it has one. */
export function itemPlaying(course: CourseForUpdate, videoId: string): StoredItem | undefined {
  return course.courseContent.flat().find((item) => item.videoId === videoId);
}

/**
 * The course update form's `Data`, the course as it is with the recording added as a lecture at the
 * end of its "Live sessions" section (a new last section when it has none). A recording the course
 * already plays is not added twice.
 */
export function courseWithRecording(
  course: CourseForUpdate,
  lecture: { videoId: string; title: string; session: Pick<LiveSession, 'title' | 'description'> },
) {
  const sections = course.courseContent.filter((section) => section.length > 0);
  const content: ContentItem[][] = sections.map((section) => section.map(storedItemPayload));
  if (!itemPlaying(course, lecture.videoId)) {
    const index = sections.findIndex(isLiveSection);
    const sectionTitle =
      index >= 0 ? (sections[index]?.[0]?.sectionTitle ?? LIVE_SECTION_TITLE) : LIVE_SECTION_TITLE;
    const item: ContentItem = {
      sectionTitle,
      videoTitle: lecture.title,
      videoDesc: recordingLectureDescription(lecture.session),
      videoLink: '',
      videoId: lecture.videoId,
    };
    if (index >= 0) content[index]?.push(item);
    else content.push([item]);
  }
  return {
    title: course.title,
    desc: course.desc,
    price: course.price,
    category: course.category,
    difficulity: course.difficulity,
    benefits: course.benefits,
    prerequistes: course.prerequistes,
    sequential: course.sequential,
    courseContent: content,
  };
}
