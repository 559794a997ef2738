import { ButtonLink, bareList, media, theme } from '@liveedu/ui';
import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import styled from 'styled-components';
import { CartLink } from './cart-link.tsx';
import { NotificationBell } from './notification-bell.tsx';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 100;
  background: ${theme.colors.surface};
  border-bottom: 1px solid ${theme.colors.border};
`;

const Inner = styled.nav`
  max-width: ${theme.maxWidth};
  margin: 0 auto;
  padding: 0.6rem 1rem;
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 0.75rem;
`;

const Brand = styled(Link)`
  font-weight: 800;
  font-size: 1.35rem;
  color: ${theme.colors.primary};
  text-decoration: none;
  margin-right: auto;
`;

const Toggle = styled.button`
  ${media.md} { display: none; }
  border: 1px solid ${theme.colors.border};
  background: transparent;
  border-radius: 8px;
  padding: 0.4rem 0.55rem;
  display: inline-flex;
  color: ${theme.colors.ink};
  cursor: pointer;
`;

const Menu = styled.div<{ $open: boolean }>`
  display: ${({ $open }) => ($open ? 'flex' : 'none')};
  flex-direction: column;
  gap: 0.75rem;
  width: 100%;
  padding: 0.5rem 0;
  ${media.md} {
    display: flex;
    flex-direction: row;
    align-items: center;
    width: auto;
    padding: 0;
  }
`;

const Links = styled.ul`
  ${bareList}
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  ${media.md} { flex-direction: row; gap: 1.25rem; margin-right: 1rem; }
  a { color: ${theme.colors.ink}; text-decoration: none; font-weight: 500; }
  a.active, a:hover { color: ${theme.colors.primary}; }
`;

const Buttons = styled.div`
  display: flex;
  gap: 0.5rem;
`;

export function NavBar({
  isLoggedIn,
  role,
  showTeachLink,
}: {
  isLoggedIn: boolean;
  role: string;
  showTeachLink: boolean;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();
  // Close the small-screen menu after every navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change on purpose
  useEffect(() => setOpen(false), [pathname]);
  return (
    <Bar>
      <Inner aria-label="Main">
        <Brand to="/">LiveEdu</Brand>
        {isLoggedIn ? <NotificationBell /> : null}
        {isLoggedIn && role !== 'admin' ? <CartLink /> : null}
        <Toggle type="button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((o) => !o)}>
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span className="visually-hidden">Menu</span>
        </Toggle>
        <Menu id={menuId} $open={open}>
          <Links>
            <li>
              <NavLink to="/categories">Categories</NavLink>
            </li>
            <li>
              <NavLink to="/courses" end>
                Courses
              </NavLink>
            </li>
            {showTeachLink ? (
              <li>
                <NavLink to="/teach-on-live-edu">Teach On LiveEdu</NavLink>
              </li>
            ) : null}
          </Links>
          <Buttons>
            {isLoggedIn ? (
              role === 'admin' ? (
                <ButtonLink to="/dashboard">Dashboard</ButtonLink>
              ) : (
                <ButtonLink to="/profile">Profile</ButtonLink>
              )
            ) : (
              <>
                <ButtonLink to="/login" $variant="secondary">
                  Log in
                </ButtonLink>
                <ButtonLink to="/signup">Sign up</ButtonLink>
              </>
            )}
          </Buttons>
        </Menu>
      </Inner>
    </Bar>
  );
}
