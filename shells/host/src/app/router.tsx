import { lazyRoute } from '@liveedu/ui';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout, ShellErrorScreen } from '../features/layout/components/layout.tsx';
import { RemotePage } from './federation/remote-page.tsx';
import { REMOTE_ROUTES } from './route-table.ts';

// Unknown routes and crashes outside a remote show the router's 'Unexpected Application Error!'
// screen, as the spec asks, inside the page frame.
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    ErrorBoundary: ShellErrorScreen,
    children: [
      ...REMOTE_ROUTES.map(({ path, remote, page }) =>
        path === '/'
          ? { index: true, element: <RemotePage key={page} remote={remote} page={page} /> }
          : { path: path.slice(1), element: <RemotePage key={page} remote={remote} page={page} /> },
      ),
      {
        path: 'signup',
        lazy: lazyRoute(
          'SignUpPage',
          () =>
            import(
              /* webpackChunkName: "page-sign-up-page" */ '../features/auth/components/sign-up-page.tsx'
            ),
        ),
      },
      {
        path: 'login',
        lazy: lazyRoute(
          'LogInPage',
          () =>
            import(/* webpackChunkName: "page-log-in-page" */ '../features/auth/components/log-in-page.tsx'),
        ),
      },
      {
        path: 'forgot-password',
        lazy: lazyRoute(
          'ForgotPasswordPage',
          () =>
            import(
              /* webpackChunkName: "page-forgot-password-page" */ '../features/auth/components/forgot-password-page.tsx'
            ),
        ),
      },
      {
        path: 'reset-password/:token',
        lazy: lazyRoute(
          'ResetPasswordPage',
          () =>
            import(
              /* webpackChunkName: "page-reset-password-page" */ '../features/auth/components/reset-password-page.tsx'
            ),
        ),
      },
      {
        path: 'paymentfailed',
        lazy: lazyRoute(
          'PaymentFailedPage',
          () =>
            import(
              /* webpackChunkName: "page-payment-failed-page" */ '../features/payment/components/payment-failed-page.tsx'
            ),
        ),
      },
      {
        path: 'paymentsuccess',
        lazy: lazyRoute(
          'PaymentSuccessPage',
          () =>
            import(
              /* webpackChunkName: "page-payment-success-page" */ '../features/payment/components/payment-success-page.tsx'
            ),
        ),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
