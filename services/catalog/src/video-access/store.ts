/**
 * Which courses play which hosted video: `course_videos` holds, per video id, the courses whose
 * items name it. The media service asks it who may watch a video (a student of one of those
 * courses by the video's own tutor, where the item is not locked for them) and whether a video is
 * still in use. A deleted course keeps its links, because its students keep their access.
 */
import { storedCollection } from '@liveedu/service-kit';
import type { Db } from 'mongodb';
import { ObjectId } from 'mongodb';
import { COURSES } from '../courses/store.ts';
import { ENROLLMENTS, isEnrolled } from '../enrollment/store.ts';
import { itemsOf, learnsAsStudent, lockedFor } from '../progress/standing.ts';

export interface CourseVideosDoc {
  _id: string;
  /** Each course as `{courseId, tutorId}`: only the video's own tutor's courses give access. */
  courses: Array<{ courseId: string; tutorId: string }>;
}

export const COURSE_VIDEOS = storedCollection<CourseVideosDoc>('course_videos');

/** Brings the links of one course up to date after it was written. */
export async function linkCourseVideos(
  db: Db,
  course: { courseId: string; tutorId: string },
  now: string[],
  before: string[] = [],
): Promise<void> {
  const links = COURSE_VIDEOS.in(db);
  for (const videoId of now.filter((id) => !before.includes(id))) {
    await links.updateOne({ _id: videoId }, { $addToSet: { courses: course } }, { upsert: true });
  }
  for (const videoId of before.filter((id) => !now.includes(id))) {
    await links.updateOne({ _id: videoId }, { $pull: { courses: course } });
  }
}

/** The courses of `tutorId` that play the video. */
export async function coursesPlaying(db: Db, videoId: string, tutorId: string): Promise<string[]> {
  const links = await COURSE_VIDEOS.in(db).findOne({ _id: videoId });
  return (links?.courses ?? []).filter((c) => c.tutorId === tutorId).map((c) => c.courseId);
}

/**
 * Whether the user bought a course of the video's tutor that plays the video, in an item not
 * locked for them (a sequential course opens an item once the one before it is completed).
 */
export async function mayWatch(db: Db, videoId: string, tutorId: string, userId: string): Promise<boolean> {
  const enrollments = ENROLLMENTS.in(db);
  for (const courseId of await coursesPlaying(db, videoId, tutorId)) {
    if (!(await isEnrolled(enrollments, courseId, userId))) continue;
    const course = await COURSES.in(db).findOne({ _id: new ObjectId(courseId) });
    if (course?.sequential !== true) return true;
    const locked = await lockedFor(db, course, userId, learnsAsStudent({ userId }, course));
    if (itemsOf(course).some((item) => item.videoId === videoId && !locked.has(item._id))) return true;
  }
  return false;
}

/** Whether a listed course of `tutorId` plays the video in an item marked as a free preview. */
export async function isPreview(db: Db, videoId: string, tutorId: string): Promise<boolean> {
  const courseIds = await coursesPlaying(db, videoId, tutorId);
  if (courseIds.length === 0) return false;
  const courses = await COURSES.in(db)
    .find(
      { _id: { $in: courseIds.map((id) => new ObjectId(id)) }, listed: true },
      { projection: { sections: 1 } },
    )
    .toArray();
  return courses.some((course) =>
    course.sections.some((section) => section.items.some((item) => item.videoId === videoId && item.preview)),
  );
}
