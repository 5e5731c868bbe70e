import type { RouteDefinition } from './route-table';

/**
 * Public holidays and the holiday and weekend checks of a send (spec part 2 §3 "Holiday and weekend
 * checks"). The spec lists the scenario's fields but no calls; these two reads are ours, for the
 * builder's trigger step: the countries and subdivisions to choose from, a year's holidays, and what a
 * send at a given time would do.
 */
export const HOLIDAYS_ROUTES = {
  holidays: { method: 'GET', path: '/api/holidays/', app: 'query-api', guard: 'adminOperatorSender' },
  holidayCountries: { method: 'GET', path: '/api/holidays/countries/', app: 'query-api', guard: 'adminOperatorSender' },
} as const satisfies Record<string, RouteDefinition>;
