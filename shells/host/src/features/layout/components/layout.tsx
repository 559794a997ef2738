import { useSession } from '@liveedu/session';
import { ButtonLink, theme } from '@liveedu/ui';
import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Outlet,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useRouteError,
} from 'react-router';
import styled from 'styled-components';
import { shellVisibility } from '../hooks/shell-visibility.ts';
import { Footer } from './footer.tsx';
import { NavBar } from './nav-bar.tsx';

const Main = styled.main`
  min-height: 60vh;
`;

const Progress = styled.div`
  position: fixed;
  top: 0;
  left: 0;
  right: 0;
  height: 3px;
  background: ${theme.colors.primary};
  z-index: 200;
`;

/** The page frame: navigation bar, the page and the footer, each shown by the spec's rules. */
function Frame({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const { isLoggedIn, role } = useSession();
  const { showNav, showFooter, showTeachLink } = shellVisibility(pathname, role);
  return (
    <>
      {navigation.state === 'loading' ? <Progress role="progressbar" aria-label="Loading page" /> : null}
      {showNav ? <NavBar isLoggedIn={isLoggedIn} role={role} showTeachLink={showTeachLink} /> : null}
      <Main id="main">{children}</Main>
      {showFooter ? <Footer /> : null}
      <ScrollRestoration />
    </>
  );
}

/** The frame around the routed page. */
export function Layout() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

const ErrorBox = styled.section`
  max-width: 720px;
  margin: 3rem auto;
  padding: 0 1rem;
  h2 { margin: 0 0 0.5rem; }
  h3 { margin: 0 0 1.5rem; font-style: italic; color: ${theme.colors.muted}; }
  pre { white-space: pre-wrap; background: ${theme.colors.surface}; padding: 0.75rem; }
`;

/**
 * The router's error screen for unknown routes and crashes outside a remote: the text of the
 * router's default screen ('Unexpected Application Error!' and the status or message), kept
 * inside the page frame so the navigation bar still leads somewhere.
 */
export function ShellErrorScreen() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : JSON.stringify(error);
  return (
    <Frame>
      <ErrorBox role="alert">
        <h2>Unexpected Application Error!</h2>
        <h3>{detail}</h3>
        <ButtonLink to="/">Go to the home page</ButtonLink>
      </ErrorBox>
    </Frame>
  );
}
