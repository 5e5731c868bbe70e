import type { RouteDefinition } from './route-table';

/**
 * The platform's operators' calls (the company that runs the platform for its customer organisations):
 * `Authorization: Platform <PLATFORM_API_KEY>` instead of a user's token, off (404) while no key is set.
 * No tenant token reaches them (401), and the platform key is no token of any tenant call.
 * `npm run platform -- <command>` calls them.
 */
export const PLATFORM_ROUTES = {
  organisations: { method: 'GET', path: '/api/platform/organisations/', app: 'query-api', public: true, platform: true },
  provisionOrganisation: { method: 'POST', path: '/api/platform/organisations/', app: 'command-api', public: true, platform: true },
  suspendOrganisation: { method: 'POST', path: '/api/platform/organisations/:id/suspend/', app: 'command-api', public: true, platform: true },
  resumeOrganisation: { method: 'POST', path: '/api/platform/organisations/:id/resume/', app: 'command-api', public: true, platform: true },
  changeOrganisationPermissions: { method: 'PUT', path: '/api/platform/organisations/:id/permissions/', app: 'command-api', public: true, platform: true },
  changeOrganisationQuotas: { method: 'PUT', path: '/api/platform/organisations/:id/quotas/', app: 'command-api', public: true, platform: true },
  /** Everything the organisation holds (its events and its read models' documents) as JSON lines in a zip, streamed. */
  exportOrganisation: { method: 'GET', path: '/api/platform/organisations/:id/export/', app: 'query-api', public: true, platform: true },
} as const satisfies Record<string, RouteDefinition>;
