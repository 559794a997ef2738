/** The spec's routes this remote owns; the host maps the same paths to this remote's app. */
export const ROUTES: { path: string; page: string }[] = [
  { path: '/create-a-new-course', page: 'create-course' },
  { path: '/update-a-course/:id', page: 'update-course' },
];

export interface PageInfo {
  title: string;
  /** Routes below the page's path, handled by this remote (relative paths, '' is the index). */
  nested?: { path: string; title: string }[];
}

export const PAGES: Record<string, PageInfo> = {
  'create-course': { title: 'Create a new course' },
  'update-course': { title: 'Update a course' },
};
