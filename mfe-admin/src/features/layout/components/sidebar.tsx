import { logOut, useSessionDispatch } from '@liveedu/session';
import { bareList, type NavItem, NavLinkItems, theme } from '@liveedu/ui';
import styled from 'styled-components';

const Side = styled.aside`
  position: sticky;
  top: 0;
  align-self: start;
  height: 100vh;
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
  padding: 1.5rem 1rem;
  background: ${theme.colors.hero};
  color: #fff;
  .brand { font-size: 1.3rem; font-weight: 700; padding: 0 0.75rem; color: #fff; text-decoration: none; }
  ul { ${bareList} display: flex; flex-direction: column; gap: 0.25rem; }
  ul a {
    display: block;
    padding: 0.6rem 0.75rem;
    border-radius: 8px;
    color: #e0e7ff;
    text-decoration: none;
    font-weight: 500;
  }
  ul a:hover { background: rgba(255, 255, 255, 0.08); }
  ul a.active { background: ${theme.colors.primary}; color: #fff; }
`;

const LogOutButton = styled.button`
  margin-top: auto;
  padding: 0.6rem 0.75rem;
  border: 1px solid rgba(255, 255, 255, 0.35);
  border-radius: 8px;
  background: transparent;
  color: #fff;
  font-weight: 600;
  cursor: pointer;
  text-align: left;
  &:hover { background: rgba(255, 255, 255, 0.08); }
`;

/** The dashboard's pages and LogOut. */
export function Sidebar({
  links,
  reload = () => window.location.assign('/'),
}: {
  links: NavItem[];
  reload?: () => void;
}) {
  const dispatch = useSessionDispatch();
  return (
    <Side>
      <a className="brand" href="/">
        LiveEdu
      </a>
      <nav aria-label="Dashboard">
        <ul>
          <NavLinkItems links={links} />
        </ul>
      </nav>
      <LogOutButton
        type="button"
        onClick={() => {
          // Resets the session (role back to student), clears the browser storage, then goes to /
          // with a full reload so nothing of the admin's state stays in memory.
          dispatch(logOut());
          window.localStorage.clear();
          window.sessionStorage.clear();
          reload();
        }}
      >
        LogOut
      </LogOutButton>
    </Side>
  );
}
