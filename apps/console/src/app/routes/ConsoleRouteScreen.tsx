import type { ComponentType } from 'react';
import { routePageName, type ConsoleRoute, type ConsoleRouteKey } from '@beacon/contracts';
import { useModuleNames } from '../../navigation/use-module-names';
import { PlaceholderPage } from '../../features/placeholder/PlaceholderPage';
import { RedirectToRoute } from './RedirectToRoute';
import { SCREENS } from './screens';

/** What a signed-in route shows once its guard has passed: a redirect, its feature's screen, or a placeholder. */
export function ConsoleRouteScreen({ route }: { route: ConsoleRoute<ConsoleRouteKey> }) {
  const moduleNames = useModuleNames();
  if (route.redirectTo !== undefined) return <RedirectToRoute pattern={route.redirectTo} />;
  const Screen = SCREENS.console[route.key] as ComponentType<{ readonly routeKey: ConsoleRouteKey }> | undefined;
  if (Screen) return <Screen routeKey={route.key} />;
  return <PlaceholderPage name={routePageName(route.key, moduleNames)} />;
}
