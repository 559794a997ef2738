import type { ComponentType, ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { CertificatesPage } from '../features/certificates/components/certificates-page.tsx';
import { EnrolledCoursesPage } from '../features/enrolled-courses/components/enrolled-courses-page.tsx';
import { FavouritesPage } from '../features/favourites/components/favourites-page.tsx';
import { LiveClassesPage } from '../features/live-classes/components/live-classes-page.tsx';
import { NotificationsPage } from '../features/notifications/components/notifications-page.tsx';
import { OrderHistoryPage } from '../features/order-history/components/order-history-page.tsx';
import { ProfileFrame } from '../features/profile/components/profile-frame.tsx';
import { SettingsPage } from '../features/settings/components/settings-page.tsx';
import { TodoPage } from '../features/todo/components/todo-page.tsx';
import { TutorPage, type TutorPageName } from '../features/tutor-pages/components/tutor-page.tsx';
import { useProfileUser } from '../shared/hooks/profile-user.ts';

/** Tutor-only pages; anybody else is sent to their profile index. The role is the one the frame just read. */
function TutorOnly({ children }: { children: ReactNode }) {
  const { role } = useProfileUser().user;
  return role === 'tutor' ? children : <Navigate to="/profile" replace />;
}

function ProfileIndex() {
  const { role } = useProfileUser().user;
  return role === 'tutor' ? <TutorPage page="my-courses" /> : <EnrolledCoursesPage />;
}

/** The learner's pages, by their path under /profile. */
const LEARNER_PAGES: [path: string, Page: ComponentType][] = [
  ['enrolled-courses', EnrolledCoursesPage],
  ['order-history', OrderHistoryPage],
  ['favourites', FavouritesPage],
  ['certificates', CertificatesPage],
  ['todo', TodoPage],
  ['live-classes', LiveClassesPage],
  ['notifications', NotificationsPage],
  ['settings', SettingsPage],
];

/** The tutor remote's pages shown in the frame, each at its own name under /profile. */
const TUTOR_PAGES: TutorPageName[] = [
  'payment-history',
  'tutor-analytics',
  'withdraw-money',
  'grading',
  'questions',
  'coupons',
];

/** Everything under /profile: the frame and the page of each sidebar entry. */
export function ProfileRoutes() {
  return (
    <Routes>
      <Route element={<ProfileFrame />}>
        <Route index element={<ProfileIndex />} />
        {LEARNER_PAGES.map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        {TUTOR_PAGES.map((page) => (
          <Route
            key={page}
            path={page}
            element={
              <TutorOnly>
                <TutorPage page={page} />
              </TutorOnly>
            }
          />
        ))}
        <Route path="*" element={<Navigate to="/profile" replace />} />
      </Route>
    </Routes>
  );
}
