import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { SessionContext } from '../session/session-context';
import { selectLogoutDestination } from './navigation.selectors';
import { routerPath } from './router-path';

/**
 * Logs out and goes to the logout destination (spec: the brand login URL with "Custom dashboard
 * branding", else the login page). Going there at once, rather than letting the guest redirect keep
 * the current page, means logging in again never returns to a page that just failed its guard.
 */
export function useLogout(): () => void {
  const session = SessionContext.useActorRef();
  const destination = SessionContext.useSelector(selectLogoutDestination);
  const navigate = useNavigate();
  return useCallback(() => {
    session.send({ type: 'session.logout' });
    void navigate(routerPath(destination), { replace: true });
  }, [session, destination, navigate]);
}
