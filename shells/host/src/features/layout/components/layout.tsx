import { useSession } from '@liveedu/session';
import { theme } from '@liveedu/ui';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
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

/** The page frame: navigation bar, the routed page and the footer, each shown by the spec's rules. */
export function Layout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const { isLoggedIn, role } = useSession();
  const { showNav, showFooter, showTeachLink } = shellVisibility(pathname, role);
  return (
    <>
      {navigation.state === 'loading' ? <Progress role="progressbar" aria-label="Loading page" /> : null}
      {showNav ? <NavBar isLoggedIn={isLoggedIn} role={role} showTeachLink={showTeachLink} /> : null}
      <Main id="main">
        <Outlet />
      </Main>
      {showFooter ? <Footer /> : null}
      <ScrollRestoration />
    </>
  );
}
