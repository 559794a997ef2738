import type { PageName } from '@liveedu/platform-registry';
import { lazyPage } from '@liveedu/ui';
import type { ComponentType } from 'react';

/** The learner's pages by the name the host asks for; each is its own chunk. */
const pages: Record<PageName<'learner'>, ComponentType> = {
  profile: lazyPage(
    'ProfileRoutes',
    () => import(/* webpackChunkName: "page-profile" */ './profile-routes.tsx'),
  ),
  player: lazyPage(
    'CoursePlayerPage',
    () =>
      import(
        /* webpackChunkName: "page-course-player-page" */ '../features/player/components/course-player-page.tsx'
      ),
  ),
  cart: lazyPage(
    'CartPage',
    () => import(/* webpackChunkName: "page-cart-page" */ '../features/cart/components/cart-page.tsx'),
  ),
  'live-room': lazyPage(
    'LiveRoomPage',
    () =>
      import(
        /* webpackChunkName: "page-live-room-page" */ '../features/live-room/components/live-room-page.tsx'
      ),
  ),
};

/** By name, as asked for; the type above makes it render every page the registry lists for 'learner'. */
export const PAGES: Readonly<Record<string, ComponentType>> = pages;
