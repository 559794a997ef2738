import { storedCollection } from '@liveedu/service-kit';
import type { ObjectId } from 'mongodb';

export interface TodoDoc {
  _id: ObjectId;
  userId: string;
  desc: string;
  createdAt: Date;
}

export const TODOS = storedCollection<TodoDoc>('todos', [
  { key: { userId: 1, createdAt: -1 }, name: 'by_user_newest' },
]);
