import type { RouteDefinition } from './route-table';

/**
 * Parked events (not in the spec): admin only. The retry changes nothing but read-side state, so
 * query-api serves it, where the projections run.
 */
export const PARKED_EVENTS_ROUTES = {
  parkedEvents: { method: 'GET', path: '/api/parked_events/', app: 'query-api', guard: 'adminOnly' },
  retryParkedEvent: { method: 'POST', path: '/api/parked_events/:id/retry/', app: 'query-api', readSide: true, guard: 'adminOnly' },
} as const satisfies Record<string, RouteDefinition>;
