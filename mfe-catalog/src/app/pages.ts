import { type PageName, pageRoutesOf } from '@liveedu/platform-registry';
import { type ComponentType, lazy } from 'react';

/** The catalog's pages by the name the host asks for; each page is its own chunk. */
const pages: Record<PageName<'catalog'>, ComponentType> = {
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
  certificate: lazy(() =>
    import(
      /* webpackChunkName: "page-certificate-page" */ '../features/certificate/components/certificate-page.tsx'
    ).then((m) => ({ default: m.CertificatePage })),
  ),
  teach: lazy(() =>
    import(/* webpackChunkName: "page-teach-page" */ '../features/teach/components/teach-page.tsx').then(
      (m) => ({ default: m.TeachPage }),
    ),
  ),
};

/** By name, as asked for; the type above makes it render every page the registry lists for 'catalog'. */
export const PAGES: Readonly<Record<string, ComponentType>> = pages;

/** The spec's routes this remote owns, for standalone development. */
export const ROUTES: { path: string; page: string }[] = pageRoutesOf('catalog');
