/**
 * Every HTTP route of the platform and the app that serves it. The gateway (deploy/) routes by this
 * table — reads to query-api, writes to command-api — and a test keeps the two from drifting.
 * Paths use `:name` for a path parameter and keep the trailing slash the console sends.
 */

import type { GuardKind } from '@beacon/domain';
import { ACCOUNT_EMAIL_ROUTES } from './account-email.routes';
import { ACTIVITY_LOG_ROUTES } from './activity-log.routes';
import { AUDIO_NOTICEBOARD_ROUTES } from './audio-noticeboard.routes';
import { CUSTOMER_GROUP_ROUTES } from './customer-group.routes';
import { FIELD_ROUTES } from './field.routes';
import { HOLIDAYS_ROUTES } from './holidays.routes';
import { INCIDENT_SETTINGS_ROUTES } from './incident-settings.routes';
import { INCIDENTS_ROUTES } from './incidents.routes';
import { INVOKE_ROUTES } from './invoke.routes';
import { DEAD_LETTERS_ROUTES } from './dead-letters.routes';
import { SIMULATOR_ROUTES } from './simulator.routes';
import { ON_CALL_ROUTES } from './on-call.routes';
import { PARKED_EVENTS_ROUTES } from './parked-events.routes';
import { PROVIDER_CALLBACK_ROUTES } from './provider-callback.routes';
import { RESPONSE_PAGE_ROUTES } from './response-page.routes';
import { PLATFORM_ROUTES } from './platform.routes';
import { PUSH_SUBSCRIPTION_ROUTES } from './push-subscription.routes';
import { SCENARIO_ROUTES } from './scenario.routes';
import { MESSAGE_SESSION_ROUTES } from './message-session.routes';
import { SESSION_REPORT_ROUTES } from './session-report.routes';
import { SESSION_ROUTES } from './session.routes';
import { SPEECH_ROUTES } from './speech.routes';
import { UPLOADS_ROUTES } from './uploads.routes';
import { USERS_ROUTES } from './users.routes';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** dispatch-worker serves only the providers' callbacks (they record delivery reports). */
export type ServingApp = 'command-api' | 'query-api' | 'dispatch-worker';

export interface RouteDefinition {
  readonly method: HttpMethod;
  readonly path: string;
  readonly app: ServingApp;
  /** Reachable without a token. */
  readonly public?: boolean;
  /** A POST that only reads (an export, a report): served by query-api. */
  readonly read?: boolean;
  /** A POST that changes only read-side state (e.g. retrying a parked event): served by query-api. */
  readonly readSide?: boolean;
  /** A GET that changes state (the spec's GET /api/reissue_welcome_email/{id}/): served by command-api. */
  readonly write?: boolean;
  /**
   * The spec's route guard the server applies (403 when it fails); every route that is not public
   * names one, 'signedIn' where any of the five roles may call it.
   */
  readonly guard?: GuardKind;
  /** For the profile-edit guard: the path parameter holding the id of the user being edited. */
  readonly targetUserIdParam?: string;
  /** A platform operators' call (public to the token guard): `Authorization: Platform <PLATFORM_API_KEY>` instead. */
  readonly platform?: boolean;
}

/** Every route, gathered from one file per feature so features can add routes side by side. */
export const ROUTES = {
  ...SESSION_ROUTES,
  ...CUSTOMER_GROUP_ROUTES,
  ...FIELD_ROUTES,
  ...ACTIVITY_LOG_ROUTES,
  ...USERS_ROUTES,
  ...INCIDENT_SETTINGS_ROUTES,
  ...INCIDENTS_ROUTES,
  ...UPLOADS_ROUTES,
  ...PARKED_EVENTS_ROUTES,
  ...AUDIO_NOTICEBOARD_ROUTES,
  ...ON_CALL_ROUTES,
  ...ACCOUNT_EMAIL_ROUTES,
  ...SCENARIO_ROUTES,
  ...MESSAGE_SESSION_ROUTES,
  ...SESSION_REPORT_ROUTES,
  ...HOLIDAYS_ROUTES,
  ...SPEECH_ROUTES,
  ...PROVIDER_CALLBACK_ROUTES,
  ...RESPONSE_PAGE_ROUTES,
  ...INVOKE_ROUTES,
  ...DEAD_LETTERS_ROUTES,
  ...SIMULATOR_ROUTES,
  ...PUSH_SUBSCRIPTION_ROUTES,
  ...PLATFORM_ROUTES,
} as const satisfies Record<string, RouteDefinition>;

export const ROUTE_TABLE: readonly RouteDefinition[] = Object.values(ROUTES);

const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The route a request matched, by its method and the path template Express matched (Nest drops the trailing slash). */
export function findRoute(method: string, pathTemplate: string): RouteDefinition | undefined {
  const template = withoutTrailingSlash(pathTemplate);
  return ROUTE_TABLE.find((route) => route.method === method && withoutTrailingSlash(route.path) === template);
}

/** The Nest/Express path for a route (Nest takes `:id` parameters as they are). */
export function routePath(route: RouteDefinition): string {
  return route.path;
}

/** An anchored regular expression matching the route's path, `:name` matching one path segment. */
export function routePattern(route: RouteDefinition): string {
  const escaped = route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+');
  return `^${escaped}$`;
}
