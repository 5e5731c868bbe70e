import type { RouteDefinition } from './route-table';

/**
 * Dead letters (not in the spec; ARCHITECTURE "a dead-letter list"): deliveries the dispatch workers
 * claimed too many times without an answer, for admins to see and retry. The retry gives each a new
 * attempt, an event on the command side, so command-api serves it.
 */
export const DEAD_LETTERS_ROUTES = {
  deadLetters: { method: 'GET', path: '/api/dead_letters/', app: 'query-api', guard: 'adminOnly' },
  retryDeadLetters: { method: 'POST', path: '/api/dead_letters/retry/', app: 'command-api', guard: 'adminOnly' },
} as const satisfies Record<string, RouteDefinition>;
