import { lazyPage } from '@liveedu/ui';
import { Route, Routes } from 'react-router';
import { Layout, NotFoundScreen } from '../features/layout/components/layout.tsx';
import { RemotePage } from './federation/remote-page.tsx';
import { REMOTE_ROUTES } from './route-table.ts';

const SignUpPage = lazyPage(
  'SignUpPage',
  () => import(/* webpackChunkName: "page-sign-up-page" */ '../features/auth/components/sign-up-page.tsx'),
);
const LogInPage = lazyPage(
  'LogInPage',
  () => import(/* webpackChunkName: "page-log-in-page" */ '../features/auth/components/log-in-page.tsx'),
);
const ForgotPasswordPage = lazyPage(
  'ForgotPasswordPage',
  () =>
    import(
      /* webpackChunkName: "page-forgot-password-page" */ '../features/auth/components/forgot-password-page.tsx'
    ),
);
const ResetPasswordPage = lazyPage(
  'ResetPasswordPage',
  () =>
    import(
      /* webpackChunkName: "page-reset-password-page" */ '../features/auth/components/reset-password-page.tsx'
    ),
);
const PaymentFailedPage = lazyPage(
  'PaymentFailedPage',
  () =>
    import(
      /* webpackChunkName: "page-payment-failed-page" */ '../features/payment/components/payment-failed-page.tsx'
    ),
);
const PaymentSuccessPage = lazyPage(
  'PaymentSuccessPage',
  () =>
    import(
      /* webpackChunkName: "page-payment-success-page" */ '../features/payment/components/payment-success-page.tsx'
    ),
);

/**
 * Every route of the site, in the browser (`BrowserRouter`) and on the server (`StaticRouter`):
 * the remotes' pages from the registry, the host's own pages, and the spec's 'Unexpected
 * Application Error!' screen for unknown routes, inside the page frame. Declarative routes: the
 * data router's loaders, actions and fetchers are not used, and its code is not shipped (ADR 14).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Layout />}>
        {REMOTE_ROUTES.map(({ path, remote, page }) =>
          path === '/' ? (
            <Route key={page} index element={<RemotePage key={page} remote={remote} page={page} />} />
          ) : (
            <Route
              key={page}
              path={path.slice(1)}
              element={<RemotePage key={page} remote={remote} page={page} />}
            />
          ),
        )}
        <Route path="signup" element={<SignUpPage />} />
        <Route path="login" element={<LogInPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password/:token" element={<ResetPasswordPage />} />
        <Route path="paymentfailed" element={<PaymentFailedPage />} />
        <Route path="paymentsuccess" element={<PaymentSuccessPage />} />
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
