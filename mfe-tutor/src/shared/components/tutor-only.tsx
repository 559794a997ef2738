import { refreshUserData, useSession, useSessionDispatch } from '@liveedu/session';
import { Loading } from '@liveedu/ui';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate } from 'react-router';

/**
 * Renders its children for tutors only; everybody else goes to /profile, as the spec asks.
 * A student whose application was approved after logging in still has the student role in
 * the session, so the role is asked again once before sending anyone away.
 */
export function TutorOnly({ children }: { children: ReactNode }) {
  const { isLoggedIn, role, restoring } = useSession();
  const dispatch = useSessionDispatch();
  const [checked, setChecked] = useState(false);
  const needsCheck = isLoggedIn && !restoring && role !== 'tutor' && !checked;

  useEffect(() => {
    if (!needsCheck) return;
    let live = true;
    dispatch(refreshUserData())
      .catch(() => {})
      .finally(() => {
        if (live) setChecked(true);
      });
    return () => {
      live = false;
    };
  }, [needsCheck, dispatch]);

  if (restoring || needsCheck) return <Loading label="Checking your account…" />;
  if (!isLoggedIn || role !== 'tutor') return <Navigate to="/profile" replace />;
  return <>{children}</>;
}
