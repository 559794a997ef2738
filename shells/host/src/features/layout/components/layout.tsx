import { useSession } from '@liveedu/session';
import { ButtonLink, theme } from '@liveedu/ui';
import { Component, type ErrorInfo, type ReactNode, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import styled from 'styled-components';
import { shellVisibility } from '../hooks/shell-visibility.ts';
import { Footer } from './footer.tsx';
import { NavBar } from './nav-bar.tsx';

const Main = styled.main`
  min-height: 60vh;
`;

/**
 * A page opened by a link or by code starts at its top; going back or forward leaves the
 * browser's own scroll restoration to it, and a change of the query alone (a list's filters)
 * keeps the place.
 */
function useTopOfNewPages(pathname: string) {
  const navigationType = useNavigationType();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

/** The page frame: navigation bar, the page and the footer, each shown by the spec's rules. */
function Frame({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { isLoggedIn, role } = useSession();
  const { showNav, showFooter, showTeachLink } = shellVisibility(pathname, role);
  useTopOfNewPages(pathname);
  return (
    <>
      {showNav ? <NavBar isLoggedIn={isLoggedIn} role={role} showTeachLink={showTeachLink} /> : null}
      <Main id="main">{children}</Main>
      {showFooter ? <Footer /> : null}
    </>
  );
}

/**
 * A crash outside a remote (each remote contains its own) shows the error screen in place of the
 * page; moving to another page tries again.
 */
class PageErrorBoundary extends Component<{ pathname: string; children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The page failed', error, info.componentStack);
  }

  override componentDidUpdate(previous: { pathname: string }) {
    if (this.state.error !== null && previous.pathname !== this.props.pathname)
      this.setState({ error: null });
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return <ErrorScreen detail={error instanceof Error ? error.message : JSON.stringify(error)} />;
  }
}

/** The frame around the routed page. */
export function Layout() {
  const { pathname } = useLocation();
  return (
    <Frame>
      <PageErrorBoundary pathname={pathname}>
        <Outlet />
      </PageErrorBoundary>
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
 * The error screen for unknown routes and crashes outside a remote: the text of the router's
 * default screen ('Unexpected Application Error!' and the status or message), kept inside the
 * page frame so the navigation bar still leads somewhere.
 */
function ErrorScreen({ detail }: { detail: string }) {
  return (
    <ErrorBox role="alert">
      <h2>Unexpected Application Error!</h2>
      <h3>{detail}</h3>
      <ButtonLink to="/">Go to the home page</ButtonLink>
    </ErrorBox>
  );
}

/** An unknown route: the spec's error screen with the status. */
export function NotFoundScreen() {
  return <ErrorScreen detail="404 Not Found" />;
}
