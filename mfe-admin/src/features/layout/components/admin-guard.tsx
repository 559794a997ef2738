import { useSession } from '@liveedu/session';
import { Loading } from '@liveedu/ui';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';

/** The dashboard is for the admin role only; anyone else goes to /. */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { isLoggedIn, role, restoring } = useSession();
  if (restoring) return <Loading label="Checking your session…" />;
  if (!isLoggedIn || role !== 'admin') return <Navigate to="/" replace />;
  return <>{children}</>;
}
