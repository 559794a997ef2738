import type { CollectionIndexes } from '@liveedu/service-kit';
import type { Collection, Db, ObjectId } from 'mongodb';

export const CATEGORIES = 'categories';
/** Category pictures, read by anyone. */
export const CATEGORIES_BUCKET = 'categories';

export interface CategoryDoc {
  _id: ObjectId;
  title: string;
  titleKey: string;
  imgKey: string;
  position: number;
}

export const categoriesOf = (db: Db): Collection<CategoryDoc> => db.collection<CategoryDoc>(CATEGORIES);

export const categoryIndexes: CollectionIndexes[] = [
  {
    collection: CATEGORIES,
    indexes: [
      { key: { titleKey: 1 }, name: 'title_unique', unique: true },
      { key: { position: 1 }, name: 'by_position' },
    ],
  },
];
