/**
 * The schemas of every route of the route table, by the route's name in ROUTES. The compiler holds
 * the two together: a route added to the table without its schemas here does not build.
 */
import type { ROUTES } from '../routes/route-table';
import { ACCOUNT_EMAIL_API } from './account-email.schemas';
import { ACTIVITY_LOG_API } from './activity-log.schemas';
import { AUDIO_NOTICEBOARD_API } from './audio-noticeboard.schemas';
import type { ApiFeature, RouteSchemas } from './api-schema';
import { CUSTOMER_GROUP_API } from './customer-group.schemas';
import { FIELD_API } from './field.schemas';
import { HOLIDAYS_API } from './holidays.schemas';
import { INCIDENT_SETTINGS_API } from './incident-settings.schemas';
import { INCIDENTS_API } from './incidents.schemas';
import { INVOKE_API } from './invoke.schemas';
import { DEAD_LETTERS_API } from './dead-letters.schemas';
import { SIMULATOR_API } from './simulator.schemas';
import { ON_CALL_API } from './on-call.schemas';
import { PROVIDER_CALLBACK_API } from './provider-callback.schemas';
import { RESPONSE_PAGE_API } from './response-page.schemas';
import { PUSH_SUBSCRIPTION_API } from './push-subscription.schemas';
import { PLATFORM_API } from './platform.schemas';
import { PARKED_EVENTS_API } from './parked-events.schemas';
import { SCENARIO_API } from './scenario.schemas';
import { MESSAGE_SESSION_API } from './message-session.schemas';
import { SESSION_REPORT_API } from './session-report.schemas';
import { SPEECH_API } from './speech.schemas';
import { SESSION_API } from './session.schemas';
import { UPLOADS_API } from './uploads.schemas';
import { USERS_API } from './users.schemas';

export type RouteName = keyof typeof ROUTES;

/** A route's schemas and the heading (its feature) the document lists it under. */
export interface RouteDocumentation extends RouteSchemas {
  readonly tag: string;
}

/** The features in the order the document lists them. */
export const API_FEATURES: readonly ApiFeature<string>[] = [
  SESSION_API,
  USERS_API,
  CUSTOMER_GROUP_API,
  FIELD_API,
  ACTIVITY_LOG_API,
  INCIDENT_SETTINGS_API,
  INCIDENTS_API,
  UPLOADS_API,
  PARKED_EVENTS_API,
  AUDIO_NOTICEBOARD_API,
  ON_CALL_API,
  ACCOUNT_EMAIL_API,
  SCENARIO_API,
  MESSAGE_SESSION_API,
  SESSION_REPORT_API,
  HOLIDAYS_API,
  SPEECH_API,
  PROVIDER_CALLBACK_API,
  RESPONSE_PAGE_API,
  INVOKE_API,
  DEAD_LETTERS_API,
  SIMULATOR_API,
  PUSH_SUBSCRIPTION_API,
  PLATFORM_API,
];

function tagged<K extends string>(feature: ApiFeature<K>): Record<K, RouteDocumentation> {
  const entries = Object.entries<RouteSchemas>(feature.routes).map(([name, schemas]) => [name, { ...schemas, tag: feature.tag }]);
  return Object.fromEntries(entries) as Record<K, RouteDocumentation>;
}

export const ROUTE_SCHEMAS: Readonly<Record<RouteName, RouteDocumentation>> = {
  ...tagged(SESSION_API),
  ...tagged(USERS_API),
  ...tagged(CUSTOMER_GROUP_API),
  ...tagged(FIELD_API),
  ...tagged(ACTIVITY_LOG_API),
  ...tagged(INCIDENT_SETTINGS_API),
  ...tagged(INCIDENTS_API),
  ...tagged(UPLOADS_API),
  ...tagged(PARKED_EVENTS_API),
  ...tagged(AUDIO_NOTICEBOARD_API),
  ...tagged(ON_CALL_API),
  ...tagged(ACCOUNT_EMAIL_API),
  ...tagged(SCENARIO_API),
  ...tagged(MESSAGE_SESSION_API),
  ...tagged(SESSION_REPORT_API),
  ...tagged(HOLIDAYS_API),
  ...tagged(SPEECH_API),
  ...tagged(PROVIDER_CALLBACK_API),
  ...tagged(RESPONSE_PAGE_API),
  ...tagged(INVOKE_API),
  ...tagged(DEAD_LETTERS_API),
  ...tagged(SIMULATOR_API),
  ...tagged(PUSH_SUBSCRIPTION_API),
  ...tagged(PLATFORM_API),
};
