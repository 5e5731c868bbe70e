import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { matchRoute, type ConsoleRouteKey } from '@beacon/contracts';

export interface CurrentConsoleRoute {
  readonly key: ConsoleRouteKey;
  readonly params: Readonly<Record<string, string>>;
}

/** The signed-in route the current path opens, by the shared route table; undefined on a public route. */
export function useCurrentConsoleRoute(): CurrentConsoleRoute | undefined {
  const { pathname } = useLocation();
  return useMemo(() => {
    const match = matchRoute(pathname);
    return match?.kind === 'console' ? { key: match.route.key, params: match.params } : undefined;
  }, [pathname]);
}
