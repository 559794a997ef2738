import { courseWithItems, enrolledFree, newTutor } from './flows.ts';
import { COMMUNITY_SERVICES } from './platform.ts';
import { preparedStack, type Session, startTestStack, type TestStack } from './stack.ts';

/** A free course and the people around it, as the suites of its questions and reports use them. */
export interface CourseClass {
  stack: TestStack;
  admin: Session;
  tutor: Session;
  /** A student of the course, the one who asks. */
  student: Session;
  /** A second student of the course. */
  classmate: Session;
  /** A user who is not in the course. */
  outsider: Session;
  courseId: string;
  itemIds: string[];
}

/**
 * A stack with the community's services, the admin logged in, and a free course of a new tutor's
 * with these items, two of its students and a user outside it; user names begin with `prefix`.
 */
export function communityClass(prefix: string, items: unknown[]): Promise<CourseClass> {
  return preparedStack(startTestStack({ services: COMMUNITY_SERVICES }), async (stack) => {
    const admin = await stack.loginAdmin();
    const tutor = await newTutor(stack, `${prefix}tutor`);
    const { courseId, itemIds } = await courseWithItems(stack, tutor, items, { price: 0 });
    const student = await enrolledFree(stack, courseId, `${prefix}asker`);
    const classmate = await enrolledFree(stack, courseId, `${prefix}classmate`);
    const outsider = await stack.newUser(`${prefix}outsider`);
    return { admin, tutor, student, classmate, outsider, courseId, itemIds };
  });
}
