import type { ReactNode } from 'react';
import { Navigate, useLocation, type Location } from 'react-router-dom';
import { SessionContext } from '../session-context';
import { selectStatus } from '../session.selectors';

/** Spec: the login page is for guests; a signed-in user goes back where they were headed, or home. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const status = SessionContext.useSelector(selectStatus);
  const location = useLocation();
  if (status !== 'signedIn') return children;
  return <Navigate to={destinationAfterLogin(location)} replace />;
}

function destinationAfterLogin(location: Location): string {
  const from = (location.state as { from?: Location } | null)?.from;
  if (!from || from.pathname === '/login') return '/';
  return `${from.pathname}${from.search}${from.hash}`;
}
