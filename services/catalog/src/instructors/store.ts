import { storedCollection } from '@liveedu/service-kit';

/** What the catalog knows of a user, kept current from identity's events. */
export interface TutorDoc {
  _id: string;
  username: string;
  usernameKey: string;
  avatar: string;
  desc: string;
  role: 'student' | 'tutor' | 'admin';
  updatedAt: Date;
}

export const TUTORS = storedCollection<TutorDoc>('tutors', [
  { key: { usernameKey: 1 }, name: 'by_username' },
  { key: { role: 1, usernameKey: 1 }, name: 'by_role_username' },
]);
