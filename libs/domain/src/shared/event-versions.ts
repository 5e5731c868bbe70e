import { CUSTOMER_GROUP_EVENT_VERSIONS } from '../customer-group/customer-group.events';
import { USER_EVENT_VERSIONS } from '../user/user.events';
import { DISPATCH_EVENT_VERSIONS } from '../dispatch/dispatch.events';
import { DEAD_LETTER_RETRY_EVENT_VERSIONS } from '../dispatch/dead-letter-retry';
import { INCIDENT_EVENT_VERSIONS } from '../incident/incident.events';
import { INCIDENT_SETTINGS_EVENT_VERSIONS } from '../incident-settings/incident-settings.events';
import { FILE_UPLOAD_EVENT_VERSIONS } from '../file-upload/file-upload';
import { INCIDENT_ATTACHMENT_EVENT_VERSIONS } from '../incident-attachment/incident-attachment';
import { FIELD_EVENT_VERSIONS } from '../field/field.events';
import { EMAIL_SUPPRESSION_EVENT_VERSIONS } from '../email-suppression/email-suppression.events';
import { ON_CALL_EVENT_VERSIONS } from '../on-call/on-call.events';
import { SCENARIO_EVENT_VERSIONS } from '../message/scenario.events';
import { MESSAGE_SESSION_EVENT_VERSIONS } from '../sending/message-session.events';
import { MESSAGE_SESSION_PAGE_EVENT_VERSIONS } from '../sending/message-session-page';
import { MESSAGE_SESSION_FOLLOW_UP_PAGE_EVENT_VERSIONS } from '../sending/message-session-follow-up-page';
import { DELIVERY_REPORT_EVENT_VERSIONS } from '../sending/delivery-reports';
import { MESSAGE_SESSION_CONFERENCE_EVENT_VERSIONS } from '../sending/conference';
import { CONFERENCE_RECORDING_EVENT_VERSIONS } from '../sending/conference-recording';
import { ORGANISATION_NAME_EVENT_VERSIONS } from '../organisation/organisation-name';
import { QUOTA_DAY_EVENT_VERSIONS } from '../organisation/quota-day';
import { QUICK_REPORT_EVENT_VERSIONS } from '../sending/quick-report';
import { PUSH_SUBSCRIPTION_EVENT_VERSIONS } from '../push-subscription/push-subscription.events';
import { ownValue } from './own-value';

/**
 * Schema version of every event type the domain records. Types are never renamed; when a type's
 * data changes shape its version goes up and readers upcast older versions.
 */
export const EVENT_SCHEMA_VERSIONS: Readonly<Record<string, number>> = {
  ...CUSTOMER_GROUP_EVENT_VERSIONS,
  ...USER_EVENT_VERSIONS,
  ...DISPATCH_EVENT_VERSIONS,
  ...DEAD_LETTER_RETRY_EVENT_VERSIONS,
  ...INCIDENT_EVENT_VERSIONS,
  ...INCIDENT_SETTINGS_EVENT_VERSIONS,
  ...FILE_UPLOAD_EVENT_VERSIONS,
  ...INCIDENT_ATTACHMENT_EVENT_VERSIONS,
  ...FIELD_EVENT_VERSIONS,
  ...EMAIL_SUPPRESSION_EVENT_VERSIONS,
  ...ON_CALL_EVENT_VERSIONS,
  ...SCENARIO_EVENT_VERSIONS,
  ...MESSAGE_SESSION_EVENT_VERSIONS,
  ...MESSAGE_SESSION_PAGE_EVENT_VERSIONS,
  ...MESSAGE_SESSION_FOLLOW_UP_PAGE_EVENT_VERSIONS,
  ...DELIVERY_REPORT_EVENT_VERSIONS,
  ...MESSAGE_SESSION_CONFERENCE_EVENT_VERSIONS,
  ...CONFERENCE_RECORDING_EVENT_VERSIONS,
  ...ORGANISATION_NAME_EVENT_VERSIONS,
  ...QUOTA_DAY_EVENT_VERSIONS,
  ...QUICK_REPORT_EVENT_VERSIONS,
  ...PUSH_SUBSCRIPTION_EVENT_VERSIONS,
  UserEmailClaimed: 1,
  UserEmailReleased: 1,
};

export const schemaVersionOf = (eventType: string): number => ownValue(EVENT_SCHEMA_VERSIONS, eventType) ?? 1;
