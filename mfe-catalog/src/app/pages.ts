import { type ComponentType, lazy } from 'react';

/** The catalog's pages by the name the host asks for; each page is its own chunk. */
export const PAGES: Record<string, ComponentType> = {
  home: lazy(() =>
    import(/* webpackChunkName: "page-home-page" */ '../features/home/components/home-page.tsx').then(
      (m) => ({ default: m.HomePage }),
    ),
  ),
  categories: lazy(() =>
    import(
      /* webpackChunkName: "page-categories-page" */ '../features/categories/components/categories-page.tsx'
    ).then((m) => ({
      default: m.CategoriesPage,
    })),
  ),
  courses: lazy(() =>
    import(
      /* webpackChunkName: "page-courses-page" */ '../features/courses/components/courses-page.tsx'
    ).then((m) => ({ default: m.CoursesPage })),
  ),
  'courses-by-category': lazy(() =>
    import(
      /* webpackChunkName: "page-category-courses-page" */ '../features/courses/components/category-courses-page.tsx'
    ).then((m) => ({
      default: m.CategoryCoursesPage,
    })),
  ),
  'course-detail': lazy(() =>
    import(
      /* webpackChunkName: "page-course-detail-page" */ '../features/course-detail/components/course-detail-page.tsx'
    ).then((m) => ({
      default: m.CourseDetailPage,
    })),
  ),
  instructor: lazy(() =>
    import(
      /* webpackChunkName: "page-instructor-page" */ '../features/instructor/components/instructor-page.tsx'
    ).then((m) => ({
      default: m.InstructorPage,
    })),
  ),
  teach: lazy(() =>
    import(/* webpackChunkName: "page-teach-page" */ '../features/teach/components/teach-page.tsx').then(
      (m) => ({ default: m.TeachPage }),
    ),
  ),
};

/** The spec's routes this remote owns, for standalone development. */
export const ROUTES: { path: string; page: string }[] = [
  { path: '/', page: 'home' },
  { path: '/categories', page: 'categories' },
  { path: '/courses', page: 'courses' },
  { path: '/courses/:cat', page: 'courses-by-category' },
  { path: '/teach-on-live-edu', page: 'teach' },
  { path: '/viewUser/:username', page: 'instructor' },
  { path: '/viewCouse/:id', page: 'course-detail' },
];
