import { type ComponentType, lazy } from 'react';

/** The learner's pages by the name the host asks for; each is its own chunk. */
export const PAGES: Record<string, ComponentType> = {
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
