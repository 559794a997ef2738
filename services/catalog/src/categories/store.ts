import { storedCollection } from '@liveedu/service-kit';
import type { ObjectId } from 'mongodb';

/** Category pictures, read by anyone. */
export const CATEGORIES_BUCKET = 'categories';

export interface CategoryDoc {
  _id: ObjectId;
  title: string;
  titleKey: string;
  imgKey: string;
  position: number;
}

export const CATEGORIES = storedCollection<CategoryDoc>('categories', [
  { key: { titleKey: 1 }, name: 'title_unique', unique: true },
  { key: { position: 1 }, name: 'by_position' },
]);
