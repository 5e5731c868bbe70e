import type { RouteDefinition } from './route-table';

/**
 * The channel simulator (not in the spec; ARCHITECTURE "a local outbox ... visible in the console"):
 * which channels it sends, and what it recorded as sent, for admins.
 */
export const SIMULATOR_ROUTES = {
  simulator: { method: 'GET', path: '/api/simulator/', app: 'query-api', guard: 'adminOnly' },
  simulatorOutbox: { method: 'GET', path: '/api/simulator/outbox/', app: 'query-api', guard: 'adminOnly' },
} as const satisfies Record<string, RouteDefinition>;
