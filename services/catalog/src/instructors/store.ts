import type { CollectionIndexes } from '@liveedu/service-kit';
import type { Collection, Db } from 'mongodb';

export const TUTORS = 'tutors';

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

export const tutorsOf = (db: Db): Collection<TutorDoc> => db.collection<TutorDoc>(TUTORS);

export const tutorIndexes: CollectionIndexes[] = [
  {
    collection: TUTORS,
    indexes: [
      { key: { usernameKey: 1 }, name: 'by_username' },
      { key: { role: 1, usernameKey: 1 }, name: 'by_role_username' },
    ],
  },
];
