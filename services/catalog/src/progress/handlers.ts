import {
  LEARNING_ITEM_PASSED,
  LEARNING_REQUIREMENT_CHANGED,
  type LearningItemPassed,
  type LearningRequirementChanged,
  MEDIA_VIDEO_READY,
  type MediaVideoReady,
} from '@liveedu/contracts';
import type { EventHandler } from '@liveedu/service-kit';
import { ObjectId } from 'mongodb';
import { COURSES } from '../courses/store.ts';
import { ENROLLMENTS, isEnrolled } from '../enrollment/store.ts';
import { TUTORS } from '../instructors/store.ts';
import { hostedVideos, writeProgress } from './record.ts';
import { itemsOf } from './standing.ts';
import {
  keepDuration,
  keepRequirement,
  PROGRESS,
  progressId,
  requiredItems,
  videoDurations,
} from './store.ts';

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** Keeps a ready video's probed length; a redelivered event writes the same value again. */
export const onVideoReady: EventHandler<MediaVideoReady> = {
  event: MEDIA_VIDEO_READY,
  name: 'on-video-ready',
  async handle(event, { db }) {
    const { videoId, durationSec } = event.data;
    if (!(typeof videoId === 'string' && Number.isFinite(durationSec) && durationSec > 0)) return;
    await keepDuration(db, videoId, durationSec);
  },
};

/**
 * A student passed an item's quiz or assignment: the item is marked passed in their progress,
 * through the same checked write as a report from the player, so the item's completion and the
 * course's certificate follow once however often and in whatever company the pass arrives.
 */
export const onItemPassed: EventHandler<LearningItemPassed> = {
  event: LEARNING_ITEM_PASSED,
  name: 'on-item-passed',
  async handle(event, { db, outbox }) {
    const { studentId, courseId, itemId } = event.data;
    if (!(OBJECT_ID.test(courseId) && typeof studentId === 'string' && typeof itemId === 'string')) return;
    const course = await COURSES.in(db).findOne({ _id: new ObjectId(courseId) });
    const items = course ? itemsOf(course) : [];
    // The course or the item is gone: nothing is left to complete.
    if (!course || !items.some((item) => item._id === itemId)) return;
    const stored = await PROGRESS.in(db).findOne(
      { _id: progressId(studentId, courseId) },
      { projection: { [`items.${itemId}.passed`]: 1 } },
    );
    if (stored?.items?.[itemId]?.passed) return;
    const user = await TUTORS.in(db).findOne({ _id: studentId }, { projection: { username: 1, role: 1 } });
    // An account the catalog does not know is one deleted since (its sign-up came long before
    // any purchase): no progress or certificate is kept for it, and the event is not retried.
    if (!user) return;
    // The course's tutor and the admin may try its quizzes; only its students earn its certificate.
    const student = course.tutorId !== studentId && user.role !== 'admin';
    if (student && !(await isEnrolled(ENROLLMENTS.in(db), courseId, studentId))) return;
    const [required, durations] = await Promise.all([
      requiredItems(db, courseId),
      videoDurations(db, hostedVideos(items)),
    ]);
    await writeProgress(db, outbox, {
      student: { userId: studentId, username: user.username, certifiable: student },
      course,
      items,
      itemId,
      next: (previous) => ({
        ...(previous ?? { positionSec: 0, durationSec: 0, watched: [], completed: false }),
        passed: true,
      }),
      required,
      durations,
      moveResume: false,
      requestId: event.requestId,
    });
  },
};

/** Keeps the latest word on whether a certificate needs an item's quiz or assignment passed. */
export const onRequirementChanged: EventHandler<LearningRequirementChanged> = {
  event: LEARNING_REQUIREMENT_CHANGED,
  name: 'on-requirement-changed',
  async handle(event, { db }) {
    const { courseId, itemId, required, version } = event.data;
    if (!(typeof courseId === 'string' && typeof itemId === 'string' && typeof required === 'boolean'))
      return;
    if (!Number.isFinite(version)) return;
    await keepRequirement(db, { courseId, itemId, required, version });
  },
};
