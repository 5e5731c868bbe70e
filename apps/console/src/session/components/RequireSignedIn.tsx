import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { SessionContext } from '../session-context';
import { selectStatus } from '../session.selectors';
import { SessionPending } from './SessionPending';

/** Spec: signed-in routes send guests to the login page; the page they asked for is kept for after login. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const status = SessionContext.useSelector(selectStatus);
  const location = useLocation();
  if (status === 'signedIn') return children;
  if (status === 'signedOut') return <Navigate to="/login" replace state={{ from: location }} />;
  return <SessionPending />;
}
