import type { PublicRoute, PublicRouteKey } from '@beacon/contracts';
import { StandalonePlaceholderPage } from '../../features/placeholder/StandalonePlaceholderPage';
import { GuestOnly } from '../../session/components/GuestOnly';
import { RequireSignedIn } from '../../session/components/RequireSignedIn';
import { SCREENS } from './screens';

/** A public or authentication route behind its access rule. */
export function PublicRouteScreen({ route }: { route: PublicRoute<PublicRouteKey> }) {
  const Screen = SCREENS.public[route.key];
  const page = Screen ? (
    <Screen />
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
