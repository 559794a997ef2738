/**
 * Where a learner stands in a course: which items they completed, by the rule of each item's kind
 * and what their tutors require passed, and which items a sequential course still keeps locked.
 * What the progress routes, the player's course, the video checks and the learning service's
 * questions all read.
 */
import { type Db, ObjectId } from 'mongodb';
import { contentWithIds } from '../courses/domain.ts';
import { COURSES, type CourseDoc } from '../courses/store.ts';
import type { CourseListing } from '../listing/course-listing.ts';
import { type ItemStanding, isItemCompleted, lockedItems, percentCompleted, standingsOf } from './domain.ts';
import { PROGRESS, type ProgressDoc, progressId, requiredItems, requiredItemsByCourse } from './store.ts';

/** A course's items, with ids, in order. */
export const itemsOf = (course: Pick<CourseDoc, '_id' | 'sections'>) =>
  contentWithIds(
    course._id.toHexString(),
    course.sections.map((s) => s.items),
  ).flat();

/**
 * Whether the user learns the course as one of its students: its tutor and the admin may go
 * through it too, but nothing is locked for them and no certificate is theirs.
 */
export const learnsAsStudent = (who: { userId: string; role?: string }, course: Pick<CourseDoc, 'tutorId'>) =>
  who.role !== 'admin' && who.userId !== course.tutorId;

export interface Standing {
  items: ReturnType<typeof itemsOf>;
  progress: ProgressDoc | null;
  /** The items whose quiz or assignment a certificate needs passed. */
  required: Set<string>;
  /** Per item, in order. */
  standings: ItemStanding[];
  completed: boolean[];
  locked: boolean[];
}

/** The user's standing in the course; `student` as `learnsAsStudent` says. */
export async function standingIn(
  db: Db,
  course: CourseDoc,
  userId: string,
  student: boolean,
): Promise<Standing> {
  const courseId = course._id.toHexString();
  const items = itemsOf(course);
  const [progress, required] = await Promise.all([
    PROGRESS.in(db).findOne({ _id: progressId(userId, courseId) }),
    requiredItems(db, courseId),
  ]);
  const standings = standingsOf(items, progress?.items ?? {}, required);
  const completed = standings.map(isItemCompleted);
  const locked = lockedItems({ sequential: course.sequential === true, student, completed });
  return { items, progress, required, standings, completed, locked };
}

/** The ids of the items still locked for the user (none outside a sequential course). */
export async function lockedFor(
  db: Db,
  course: CourseDoc,
  userId: string,
  student: boolean,
): Promise<Set<string>> {
  if (course.sequential !== true || !student) return new Set();
  const { items, locked } = await standingIn(db, course, userId, student);
  return new Set(items.filter((_, i) => locked[i]).map((item) => item._id));
}

/**
 * How much of each course the student completed, in percent of its items, as their progress
 * shows it. The progress is read first: a course the student never started is at 0%, and when
 * `listing` holds it, nothing more is read of it. The courses started (or not listed) and their
 * requirements are then read in one query each. Courses that do not exist are left out.
 */
export async function completedPercents(
  db: Db,
  listing: Pick<CourseListing, 'get'>,
  studentId: string,
  courseIds: readonly string[],
): Promise<Map<string, number>> {
  const ids = [...new Set(courseIds)];
  const progress = await PROGRESS.in(db)
    .find(
      { _id: { $in: ids.map((id) => progressId(studentId, id)) } },
      { projection: { courseId: 1, items: 1 } },
    )
    .toArray();
  const progressOf = new Map(progress.map((doc) => [doc.courseId, doc.items]));
  const percents = new Map<string, number>();
  const toRead: string[] = [];
  for (const id of ids) {
    if (!progressOf.has(id) && listing.get(id) !== undefined) percents.set(id, 0);
    else toRead.push(id);
  }
  if (toRead.length === 0) return percents;
  const started = toRead.filter((id) => progressOf.has(id));
  const [courses, required] = await Promise.all([
    COURSES.in(db)
      .find({ _id: { $in: toRead.map((id) => new ObjectId(id)) } }, { projection: { sections: 1 } })
      .toArray(),
    started.length === 0 ? new Map<string, Set<string>>() : requiredItemsByCourse(db, started),
  ]);
  for (const course of courses) {
    const courseId = course._id.toHexString();
    const standings = standingsOf(
      itemsOf(course),
      progressOf.get(courseId) ?? {},
      required.get(courseId) ?? new Set(),
    );
    percents.set(courseId, percentCompleted(standings));
  }
  return new Map(ids.flatMap((id) => (percents.has(id) ? [[id, percents.get(id)!] as const] : [])));
}
