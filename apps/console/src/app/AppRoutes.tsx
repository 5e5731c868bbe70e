import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { LoginPage } from '../features/login/LoginPage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { GuestOnly } from '../features/session/components/GuestOnly';
import { RequireSignedIn } from '../features/session/components/RequireSignedIn';
import { SignedInLayout } from '../layout/SignedInLayout';

// Screens load as their own chunks (spec: lazy-loaded chunks load from /ui/).
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        }
      />
      <Route
        element={
          <RequireSignedIn>
            <SignedInLayout />
          </RequireSignedIn>
        }
      >
        <Route index element={<DashboardPage />} />
        {/* Spec: the catch-all requires sign-in. */}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
