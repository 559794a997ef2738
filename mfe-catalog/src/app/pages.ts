import type { PageName } from '@liveedu/platform-registry';
import { type LazyPage, lazyPage } from '@liveedu/ui';

/** The catalog's pages by the name the host asks for; each page is its own chunk. */
const pages: Record<PageName<'catalog'>, LazyPage> = {
  home: lazyPage(
    'HomePage',
    () => import(/* webpackChunkName: "page-home-page" */ '../features/home/components/home-page.tsx'),
  ),
  categories: lazyPage(
    'CategoriesPage',
    () =>
      import(
        /* webpackChunkName: "page-categories-page" */ '../features/categories/components/categories-page.tsx'
      ),
  ),
  courses: lazyPage(
    'CoursesPage',
    () =>
      import(/* webpackChunkName: "page-courses-page" */ '../features/courses/components/courses-page.tsx'),
  ),
  'courses-by-category': lazyPage(
    'CategoryCoursesPage',
    () =>
      import(
        /* webpackChunkName: "page-category-courses-page" */ '../features/courses/components/category-courses-page.tsx'
      ),
  ),
  'course-detail': lazyPage(
    'CourseDetailPage',
    () =>
      import(
        /* webpackChunkName: "page-course-detail-page" */ '../features/course-detail/components/course-detail-page.tsx'
      ),
  ),
  instructor: lazyPage(
    'InstructorPage',
    () =>
      import(
        /* webpackChunkName: "page-instructor-page" */ '../features/instructor/components/instructor-page.tsx'
      ),
  ),
  certificate: lazyPage(
    'CertificatePage',
    () =>
      import(
        /* webpackChunkName: "page-certificate-page" */ '../features/certificate/components/certificate-page.tsx'
      ),
  ),
  teach: lazyPage(
    'TeachPage',
    () => import(/* webpackChunkName: "page-teach-page" */ '../features/teach/components/teach-page.tsx'),
  ),
};

/** By name, as asked for; the type above makes it render every page the registry lists for 'catalog'. */
export const PAGES: Readonly<Record<string, LazyPage>> = pages;
