import type { ProjectionDefinition } from '@beacon/projections';
import { emailSuppressionsProjection } from './account-email/projections/email-suppressions.projection';
import { activityLogProjection } from './activity-log/projections/activity-log.projection';
import { brandLoginsProjection } from './customer-group/projections/brand-logins.projection';
import { customerGroupsProjection } from './customer-group/projections/customer-groups.projection';
import { incidentModuleSettingsProjection } from './customer-group/projections/incident-module-settings.projection';
import { contactFieldsProjection } from './field/projections/contact-fields.projection';
import { INCIDENT_SETTINGS_PROJECTIONS } from './incident-settings/incident-settings.projections';
import { INCIDENTS_PROJECTIONS } from './incidents/incidents.projections';
import { onCallPeriodsProjection } from './on-call/projections/on-call-periods.projection';
import { onCallSettingsProjection } from './on-call/projections/on-call-settings.projection';
import { scenariosProjection } from './scenario/projections/scenarios.projection';
import { messageDeliveriesProjection } from './message-sessions/projections/message-deliveries.projection';
import { messageSessionsProjection } from './message-sessions/projections/message-sessions.projection';
import { deadLettersProjection } from './message-sessions/dead-letters/dead-letters.projection';
import { sessionReportProjection } from './message-sessions/reports/session-report.projection';
import { conferenceRecordingsProjection } from './message-sessions/reports/conference-recordings.projection';
import { quickReportWorkProjection } from './message-sessions/quick-reports/quick-report-work.projection';
import { usersProjection } from './users/projections/users.projection';
import { pushSubscriptionsProjection } from './push-subscriptions/push-subscriptions.projection';
import { organisationsProjection } from './organisations/organisations.projection';

/** Every read model the query API serves. */
export const QUERY_PROJECTIONS: readonly ProjectionDefinition[] = [
  customerGroupsProjection,
  incidentModuleSettingsProjection,
  brandLoginsProjection,
  usersProjection,
  activityLogProjection,
  ...INCIDENT_SETTINGS_PROJECTIONS,
  ...INCIDENTS_PROJECTIONS,
  contactFieldsProjection,
  emailSuppressionsProjection,
  onCallPeriodsProjection,
  onCallSettingsProjection,
  scenariosProjection,
  messageSessionsProjection,
  messageDeliveriesProjection,
  sessionReportProjection,
  conferenceRecordingsProjection,
  deadLettersProjection,
  quickReportWorkProjection,
  pushSubscriptionsProjection,
  organisationsProjection,
];
