import type { RouteDefinition } from './route-table';

/**
 * The two-way SMS link's response page (spec part 2 §3 sms_two_way_link): public, the link's token its
 * only key. The page reads the message and its answers, and a recipient answers once.
 */
export const RESPONSE_PAGE_ROUTES = {
  responsePage: { method: 'GET', path: '/api/respond/:token/', app: 'query-api', public: true },
  answerResponsePage: { method: 'POST', path: '/api/respond/:token/', app: 'command-api', public: true },
} as const satisfies Record<string, RouteDefinition>;
