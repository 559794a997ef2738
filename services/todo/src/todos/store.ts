import type { CollectionIndexes } from '@liveedu/service-kit';
import type { Collection, Db, ObjectId } from 'mongodb';

export const TODOS = 'todos';

export interface TodoDoc {
  _id: ObjectId;
  userId: string;
  desc: string;
  createdAt: Date;
}

export const todosOf = (db: Db): Collection<TodoDoc> => db.collection<TodoDoc>(TODOS);

export const todoIndexes: CollectionIndexes[] = [
  { collection: TODOS, indexes: [{ key: { userId: 1, createdAt: -1 }, name: 'by_user_newest' }] },
];
