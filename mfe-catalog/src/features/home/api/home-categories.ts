import type { Category } from '@liveedu/api-client';

/** The home page shows the categories with four items removed starting at index 5. */
export function homeCategories(all: Category[]): Category[] {
  const list = [...all];
  list.splice(5, 4);
  return list;
}
