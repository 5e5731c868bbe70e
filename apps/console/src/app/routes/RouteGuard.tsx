import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { canAccessRoute, matchRoute } from '@beacon/contracts';
import { AccessSubjectContext } from '../../navigation/access-subject-context';
import { useCurrentConsoleRoute } from '../../navigation/use-current-route';
import { useSessionAccessSubject } from '../../navigation/use-session-access-subject';
import { GuardFailure } from './GuardFailure';

/**
 * Checks the current signed-in route's guard before anything of the layout renders, and gives the
 * pages below the subject it checked.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const subject = useSessionAccessSubject();
  const route = useCurrentConsoleRoute();
  const signedInPublicRoute = useIsSignedInPublicRoute();
  if (!subject) return <GuardFailure />;
  const allowed = route ? canAccessRoute(route.key, subject, route.params) : signedInPublicRoute;
  if (!allowed) return <GuardFailure />;
  return <AccessSubjectContext.Provider value={subject}>{children}</AccessSubjectContext.Provider>;
}

/** A route of the public table that needs only sign-in (change password) sits in the layout, guarded by sign-in alone. */
function useIsSignedInPublicRoute(): boolean {
  const { pathname } = useLocation();
  const match = matchRoute(pathname);
  return match?.kind === 'public' && match.route.access === 'signedIn';
}
