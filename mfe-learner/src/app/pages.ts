import type { PageName } from '@liveedu/platform-registry';
import { type ComponentType, lazy } from 'react';

/** The learner's pages by the name the host asks for; each is its own chunk. */
const pages: Record<PageName<'learner'>, ComponentType> = {
  profile: lazy(() =>
    import(/* webpackChunkName: "page-profile" */ './profile-routes.tsx').then((m) => ({
      default: m.ProfileRoutes,
    })),
  ),
  player: lazy(() =>
    import(
      /* webpackChunkName: "page-course-player-page" */ '../features/player/components/course-player-page.tsx'
    ).then((m) => ({ default: m.CoursePlayerPage })),
  ),
};

/** By name, as asked for; the type above makes it render every page the registry lists for 'learner'. */
export const PAGES: Readonly<Record<string, ComponentType>> = pages;
