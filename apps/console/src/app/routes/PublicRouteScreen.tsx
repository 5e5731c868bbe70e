import type { PublicRoute, PublicRouteKey } from '@beacon/domain';
import { LoginPage } from '../../features/login/LoginPage';
import { StandalonePlaceholderPage } from '../../features/placeholder/StandalonePlaceholderPage';
import { GuestOnly } from '../../features/session/components/GuestOnly';
import { RequireSignedIn } from '../../features/session/components/RequireSignedIn';

/**
 * A public or authentication route behind its access rule. The branded login page shows the login
 * page until the group's branding is served for it.
 */
export function PublicRouteScreen({ route }: { route: PublicRoute<PublicRouteKey> }) {
  const page =
    route.key === 'login' || route.key === 'brandLogin' ? (
      <LoginPage />
    ) : (
      <StandalonePlaceholderPage
        name={route.name}
        back={route.access === 'signedIn' ? { to: '/', label: 'Back to the Dashboard' } : { to: '/login', label: 'Go to the login page' }}
      />
    );
  if (route.access === 'guestsOnly') return <GuestOnly>{page}</GuestOnly>;
  if (route.access === 'signedIn') return <RequireSignedIn>{page}</RequireSignedIn>;
  return page;
}
