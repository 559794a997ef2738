import { type NavItem, theme } from '@liveedu/ui';
import { type ReactNode, useEffect, useState } from 'react';
import styled from 'styled-components';
import { useDesktop } from '../hooks/use-desktop.ts';
import { Sidebar } from './sidebar.tsx';

const Shell = styled.div`
  display: grid;
  grid-template-columns: 240px minmax(0, 1fr);
  min-height: 100vh;
  background: ${theme.colors.background};
  &[hidden] { display: none; }
`;

const Main = styled.main`
  padding: 2rem 2.5rem 3rem;
  min-width: 0;
`;

const Narrow = styled.p`
  margin: 4rem auto;
  max-width: 28rem;
  padding: 0 1.5rem;
  text-align: center;
  font-size: 1.2rem;
  font-weight: 600;
`;

/**
 * Sidebar and page on a desktop; on a small screen only the request to use a desktop. Nothing is
 * loaded until the screen is wide enough once; after that a narrower window only hides the
 * dashboard, so a passing resize does not throw away and reload every page.
 */
export function DashboardLayout({ links, children }: { links: NavItem[]; children: ReactNode }) {
  const desktop = useDesktop();
  const [shown, setShown] = useState(desktop);
  useEffect(() => {
    if (desktop) setShown(true);
  }, [desktop]);
  return (
    <>
      {desktop ? null : <Narrow role="status">Please view the dashboard in desktop view</Narrow>}
      {shown || desktop ? (
        <Shell hidden={!desktop}>
          <Sidebar links={links} />
          <Main>{children}</Main>
        </Shell>
      ) : null}
    </>
  );
}
