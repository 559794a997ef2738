import { renderRoutes } from '@liveedu/web-test-kit';
import type { RouteObject } from 'react-router';
import { CourseDetailPage } from '../components/course-detail-page.tsx';
import type { STUDENT } from './course-details.ts';

/** Opens course c1's page for `user` (nobody when null), with the pages it may lead to. */
export const renderCoursePage = (user: typeof STUDENT | null, leadsTo: RouteObject[]) =>
  renderRoutes([{ path: '/viewCouse/:id', Component: CourseDetailPage }, ...leadsTo], '/viewCouse/c1', user);
