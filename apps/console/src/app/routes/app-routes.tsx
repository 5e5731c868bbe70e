import type { RouteObject } from 'react-router';
import { CONSOLE_ROUTES, PUBLIC_ROUTES, type ConsoleRoute, type ConsoleRouteKey, type PublicRoute, type PublicRouteKey } from '@beacon/domain';
import { RequireSignedIn } from '../../features/session/components/RequireSignedIn';
import { SignedInLayout } from '../../layout/SignedInLayout';
import { ConsoleRouteScreen } from './ConsoleRouteScreen';
import { PublicRouteScreen } from './PublicRouteScreen';
import { RouteGuard } from './RouteGuard';

/** Which shared route a router route stands for, so the route table can be checked against it. */
export interface AppRouteHandle {
  readonly routeKey: ConsoleRouteKey | PublicRouteKey;
}

/**
 * Every route of both parts of the spec, from the shared tables. Signed-in routes sit at full paths
 * under one pathless layout route, so their static segments outrank the branded login page's /:brand.
 */
export const appRoutes: RouteObject[] = [
  ...(PUBLIC_ROUTES as readonly PublicRoute<PublicRouteKey>[]).map(
    (route): RouteObject => ({ path: route.path, element: <PublicRouteScreen route={route} />, handle: { routeKey: route.key } satisfies AppRouteHandle }),
  ),
  {
    element: (
      <RequireSignedIn>
        <RouteGuard>
          <SignedInLayout />
        </RouteGuard>
      </RequireSignedIn>
    ),
    children: (CONSOLE_ROUTES as readonly ConsoleRoute<ConsoleRouteKey>[]).map(
      (route): RouteObject => ({ path: route.path, element: <ConsoleRouteScreen route={route} />, handle: { routeKey: route.key } satisfies AppRouteHandle }),
    ),
  },
];
