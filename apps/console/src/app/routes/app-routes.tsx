import type { RouteObject } from 'react-router-dom';
import {
  CONSOLE_ROUTES,
  PUBLIC_ROUTES,
  type ConsoleRoute,
  type ConsoleRouteKey,
  type PublicRoute,
  type PublicRouteKey,
} from '@beacon/contracts';
import { RequireSignedIn } from '../../session/components/RequireSignedIn';
import { SignedInLayout } from '../../layout/SignedInLayout';
import { ConsoleRouteScreen } from './ConsoleRouteScreen';
import { PublicRouteScreen } from './PublicRouteScreen';
import { RouteGuard } from './RouteGuard';

/** Which shared route a router route stands for, so the route table can be checked against it. */
export interface AppRouteHandle {
  readonly routeKey: ConsoleRouteKey | PublicRouteKey;
}

const publicRoutes = PUBLIC_ROUTES as readonly PublicRoute<PublicRouteKey>[];

/** Change password is in the spec's public table ("signed in"), but it is a page of the signed-in console, in its layout. */
const inLayout = (route: PublicRoute<PublicRouteKey>) => route.key === 'changePassword';

const publicRouteObject = (route: PublicRoute<PublicRouteKey>): RouteObject => ({
  path: route.path,
  element: <PublicRouteScreen route={route} />,
  handle: { routeKey: route.key } satisfies AppRouteHandle,
});

/**
 * Every route of both parts of the spec, from the shared tables. Signed-in routes sit at full paths
 * under one pathless layout route, so their static segments outrank the branded login page's /:brand.
 */
export const appRoutes: RouteObject[] = [
  ...publicRoutes.filter((route) => !inLayout(route)).map(publicRouteObject),
  {
    element: (
      <RequireSignedIn>
        <RouteGuard>
          <SignedInLayout />
        </RouteGuard>
      </RequireSignedIn>
    ),
    children: [
      ...(CONSOLE_ROUTES as readonly ConsoleRoute<ConsoleRouteKey>[]).map(
        (route): RouteObject => ({ path: route.path, element: <ConsoleRouteScreen route={route} />, handle: { routeKey: route.key } satisfies AppRouteHandle }),
      ),
      ...publicRoutes.filter(inLayout).map(publicRouteObject),
    ],
  },
];
