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
        lazy: () =>
          import(
            /* webpackChunkName: "page-sign-up-page" */ '../features/auth/components/sign-up-page.tsx'
          ).then((m) => ({ Component: m.SignUpPage })),
      },
      {
        path: 'login',
        lazy: () =>
          import(
            /* webpackChunkName: "page-log-in-page" */ '../features/auth/components/log-in-page.tsx'
          ).then((m) => ({ Component: m.LogInPage })),
      },
      {
        path: 'forgot-password',
        lazy: () =>
          import(
            /* webpackChunkName: "page-forgot-password-page" */ '../features/auth/components/forgot-password-page.tsx'
          ).then((m) => ({
            Component: m.ForgotPasswordPage,
          })),
      },
      {
        path: 'reset-password/:token',
        lazy: () =>
          import(
            /* webpackChunkName: "page-reset-password-page" */ '../features/auth/components/reset-password-page.tsx'
          ).then((m) => ({
            Component: m.ResetPasswordPage,
          })),
      },
      {
        path: 'paymentfailed',
        lazy: () =>
          import(
            /* webpackChunkName: "page-payment-failed-page" */ '../features/payment/components/payment-failed-page.tsx'
          ).then((m) => ({
            Component: m.PaymentFailedPage,
          })),
      },
      {
        path: 'paymentsuccess',
        lazy: () =>
          import(
            /* webpackChunkName: "page-payment-success-page" */ '../features/payment/components/payment-success-page.tsx'
          ).then((m) => ({
            Component: m.PaymentSuccessPage,
          })),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
