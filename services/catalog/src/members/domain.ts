/** How a user takes part in a course's conversation: its student, its tutor, the admin, or not at all. */
export type MemberAccess = 'student' | 'tutor' | 'admin' | 'none';

/**
 * The admin reads every course, the tutor their own, a student the courses they are enrolled in;
 * whether the user is enrolled is asked only when neither of the first two holds.
 */
export async function memberAccess(who: {
  role: 'student' | 'tutor' | 'admin';
  isTutor: boolean;
  isEnrolled: () => Promise<boolean>;
}): Promise<MemberAccess> {
  if (who.role === 'admin') return 'admin';
  if (who.isTutor) return 'tutor';
  return (await who.isEnrolled()) ? 'student' : 'none';
}
