import type { UserData } from '@liveedu/api-client';
import { SHARED_KEYS, useApiQuery } from '@liveedu/query';
import { logOut, sessionActions, useApi, useSession, useSessionDispatch } from '@liveedu/session';
import {
  Avatar,
  Banner,
  Button,
  ButtonLink,
  ErrorState,
  flatPanel,
  Loading,
  media,
  NavLinkItems,
  raisedPanel,
  theme,
} from '@liveedu/ui';
import { type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import styled from 'styled-components';
import { ProfileUserContext } from '../../../shared/hooks/profile-user.ts';
import { pageColumn } from '../../../shared/page-column.ts';
import { mobileShortcuts, sidebarEntries } from './profile-nav.ts';

const Frame = styled.div`
  ${pageColumn}
`;

const Header = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 1.25rem;
  ${raisedPanel}
  padding: 1.25rem;
  h1 { margin: 0; font-size: 1.5rem; word-break: break-word; }
  p { margin: 0.15rem 0; color: ${theme.colors.muted}; word-break: break-all; }
  .who { flex: 1 1 220px; min-width: 0; }
  .role { display: inline-block; margin-top: 0.35rem; padding: 0.1rem 0.6rem; border-radius: 999px;
    background: #eef2ff; color: ${theme.colors.primaryDark}; font-weight: 600; text-transform: capitalize; }
`;

const Body = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1.5rem;
  margin-top: 1.5rem;
  ${media.md} { grid-template-columns: 220px minmax(0, 1fr); }
`;

const Sidebar = styled.nav<{ $open: boolean }>`
  display: ${({ $open }) => ($open ? 'block' : 'none')};
  ${media.md} { display: block; }
  ul {
    list-style: none; margin: 0; padding: 0.5rem;
    ${flatPanel}
    ${media.md} { position: sticky; top: 1rem; }
  }
  a, button {
    display: block; width: 100%; text-align: left; padding: 0.6rem 0.8rem; border-radius: 8px;
    color: ${theme.colors.ink}; text-decoration: none; border: 0; background: transparent;
    font-weight: 500; cursor: pointer; min-height: 40px;
  }
  a:hover, button:hover { background: #f3f4f6; }
  a.active { background: #eef2ff; color: ${theme.colors.primaryDark}; font-weight: 700; }
  li.logout { border-top: 1px solid ${theme.colors.border}; margin-top: 0.35rem; padding-top: 0.35rem; }
  li.logout button { color: ${theme.colors.danger}; }
`;

const MobileBar = styled.nav`
  display: flex;
  gap: 0.5rem;
  margin-top: 1rem;
  a, button { flex: 1; }
  ${media.md} { display: none; }
`;

function HeaderCard({ user, role, underReview }: { user: UserData; role: string; underReview: boolean }) {
  return (
    <>
      {underReview ? (
        <Banner tone="warning">Your application to become a tutor is under review</Banner>
      ) : null}
      <Header aria-label="Your profile">
        <Avatar src={user.avatar} username={user.username} size={96} />
        <div className="who">
          <h1>{user.username}</h1>
          <p>{user.email}</p>
          <span className="role">{role}</span>
        </div>
        {role === 'tutor' ? (
          <ButtonLink to="/create-a-new-course">Create A New Course</ButtonLink>
        ) : role === 'student' ? (
          <ButtonLink to="/teach-on-live-edu" $variant="secondary">
            Apply For Tutor
          </ButtonLink>
        ) : null}
      </Header>
    </>
  );
}

/** The /profile page frame: header card, sidebar per role, mobile bar and the routed page. */
export function ProfileFrame() {
  const { isLoggedIn, role: sessionRole, statusOfPage } = useSession();
  // Log out goes to /, not to the /signup redirect the logged-out frame would otherwise render.
  const leaving = useRef(false);
  if (!isLoggedIn) return leaving.current ? null : <Navigate to="/signup" replace />;
  return <LoggedInFrame sessionRole={sessionRole} statusOfPage={statusOfPage} leaving={leaving} />;
}

function LoggedInFrame({
  sessionRole,
  statusOfPage,
  leaving,
}: {
  sessionRole: string;
  statusOfPage: string;
  leaving: RefObject<boolean>;
}) {
  const api = useApi();
  const dispatch = useSessionDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sidebarId = useId();
  const [open, setOpen] = useState(false);
  const user = useApiQuery(SHARED_KEYS.userData, (signal) => api.getUserData(signal));

  // Choosing a page on a small screen folds the sidebar away again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation
  useEffect(() => setOpen(false), [pathname]);

  // The last answer stays on screen while a change made on a page is read back.
  const [last, setLast] = useState<UserData | null>(null);
  useEffect(() => {
    if (user.status !== 'ready') return;
    setLast(user.data);
    // The rest of the site follows the role and application status just read.
    dispatch(sessionActions.userDataLoaded({ role: user.data.role, stausOfPage: user.data.stausOfPage }));
  }, [user.status, user.data, dispatch]);
  const current = user.status === 'ready' ? user.data : last;

  const role = current?.role ?? sessionRole;
  const navRole = role === 'tutor' || role === 'admin' ? role : 'student';
  const entries = useMemo(() => sidebarEntries(navRole), [navRole]);
  const shortcuts = useMemo(() => mobileShortcuts(navRole), [navRole]);
  const context = useMemo(
    () => (current ? { user: current, reload: user.reload } : null),
    [current, user.reload],
  );

  const onLogOut = () => {
    leaving.current = true;
    navigate('/');
    dispatch(logOut());
  };

  if (user.status === 'loading' && !context) return <Loading label="Loading your profile…" />;
  if (!context) {
    return (
      <Frame>
        <ErrorState message={user.error ?? 'Your profile could not be loaded.'} onRetry={user.reload} />
      </Frame>
    );
  }
  const underReview = (context.user.stausOfPage ?? statusOfPage) === 'in progress';

  return (
    <ProfileUserContext.Provider value={context}>
      <Frame>
        <HeaderCard user={context.user} role={role} underReview={underReview} />
        <MobileBar aria-label="Profile shortcuts">
          {shortcuts.map((e) => (
            <ButtonLink key={e.label} to={e.to} $variant="secondary">
              {e.label}
            </ButtonLink>
          ))}
          <Button
            type="button"
            $variant="secondary"
            aria-expanded={open}
            aria-controls={sidebarId}
            onClick={() => setOpen((o) => !o)}
          >
            More
          </Button>
        </MobileBar>
        <Body>
          <Sidebar id={sidebarId} $open={open} aria-label="Profile">
            <ul>
              <NavLinkItems links={entries} />
              <li className="logout">
                <button type="button" onClick={onLogOut}>
                  Log out
                </button>
              </li>
            </ul>
          </Sidebar>
          <div>
            <Outlet />
          </div>
        </Body>
      </Frame>
    </ProfileUserContext.Provider>
  );
}
