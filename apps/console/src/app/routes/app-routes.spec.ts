import { describe, expect, it } from '@jest/globals';
import { matchRoutes } from 'react-router-dom';
import { CONSOLE_ROUTES, PUBLIC_ROUTES, matchRoute } from '@beacon/contracts';
import { appRoutes, type AppRouteHandle } from './app-routes';

/** A concrete path for a route pattern: parameters filled in, optional ones kept. */
const samplePath = (pattern: string): string =>
  pattern === '*' ? '/no/such/page' : pattern.replace(/:(\w+)\??/g, (_all, name: string) => `${name}-1`);

const routerKey = (path: string) => (matchRoutes(appRoutes, path)?.at(-1)?.route.handle as AppRouteHandle | undefined)?.routeKey;

describe('the router’s route table', () => {
  it.each([...CONSOLE_ROUTES, ...PUBLIC_ROUTES].map((route) => [samplePath(route.path), route.key] as const))(
    '%s opens %s, as the shared route table says',
    (path, key) => {
      expect(matchRoute(path)?.route.key).toBe(key);
      expect(routerKey(path)).toBe(key);
    },
  );

  it.each(['/acme', '/users', '/acme/other', '/help/1/details', '/media_library/'])('agrees with the shared table on %s', (path) => {
    expect(routerKey(path)).toBe(matchRoute(path)?.route.key);
  });
});
