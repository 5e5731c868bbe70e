import type { ReactNode } from 'react';
import { canAccessRoute } from '@beacon/domain';
import { AccessSubjectContext } from '../../features/navigation/access-subject-context';
import { useCurrentConsoleRoute } from '../../features/navigation/use-current-route';
import { useSessionAccessSubject } from '../../features/navigation/use-session-access-subject';
import { GuardFailure } from './GuardFailure';

/**
 * Checks the current signed-in route's guard before anything of the layout renders, and gives the
 * pages below the subject it checked.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const subject = useSessionAccessSubject();
  const route = useCurrentConsoleRoute();
  if (!subject || !route || !canAccessRoute(route.key, subject, route.params)) return <GuardFailure />;
  return <AccessSubjectContext.Provider value={subject}>{children}</AccessSubjectContext.Provider>;
}
