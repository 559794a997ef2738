import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { CertificatesPage } from '../features/certificates/components/certificates-page.tsx';
import { EnrolledCoursesPage } from '../features/enrolled-courses/components/enrolled-courses-page.tsx';
import { FavouritesPage } from '../features/favourites/components/favourites-page.tsx';
import { OrderHistoryPage } from '../features/order-history/components/order-history-page.tsx';
import { ProfileFrame } from '../features/profile/components/profile-frame.tsx';
import { SettingsPage } from '../features/settings/components/settings-page.tsx';
import { TodoPage } from '../features/todo/components/todo-page.tsx';
import { TutorPage } from '../features/tutor-pages/components/tutor-page.tsx';
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

/** Everything under /profile: the frame and the page of each sidebar entry. */
export function ProfileRoutes() {
  return (
    <Routes>
      <Route element={<ProfileFrame />}>
        <Route index element={<ProfileIndex />} />
        <Route path="enrolled-courses" element={<EnrolledCoursesPage />} />
        <Route path="order-history" element={<OrderHistoryPage />} />
        <Route path="favourites" element={<FavouritesPage />} />
        <Route path="certificates" element={<CertificatesPage />} />
        <Route path="todo" element={<TodoPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route
          path="payment-history"
          element={
            <TutorOnly>
              <TutorPage page="payment-history" />
            </TutorOnly>
          }
        />
        <Route
          path="tutor-analytics"
          element={
            <TutorOnly>
              <TutorPage page="tutor-analytics" />
            </TutorOnly>
          }
        />
        <Route
          path="withdraw-money"
          element={
            <TutorOnly>
              <TutorPage page="withdraw-money" />
            </TutorOnly>
          }
        />
        <Route path="*" element={<Navigate to="/profile" replace />} />
      </Route>
    </Routes>
  );
}
