export * from './shared/decider';
export * from './shared/domain-errors';
export * from './shared/permissions';
export * from './shared/date-display';
export * from './shared/text-rules';
export * from './shared/own-value';
export * from './shared/field-messages';
export * from './shared/activity';
export * from './customer-group/customer-group.events';
export * from './customer-group/customer-group.commands';
export * from './customer-group/customer-group.state';
export * from './customer-group/customer-group.decide';
export * from './customer-group/brand-login';
export * from './customer-group/customer-group.activity';
export * from './customer-group/customer-group-settings';
export * from './customer-group/audit-settings';
export * from './shared/same-value';
export * from './user/user.events';
export * from './user/user.commands';
export * from './user/user.state';
export * from './user/user.decide';
export * from './user/user-email';
export * from './user/sign-in-lockout';
export * from './user/user.messages';
export * from './user/user-access';
export * from './user/password-policy';
export * from './user/user.activity';
export * from './user/user-field-values';
export * from './shared/event-versions';
export * from './email-suppression/email-suppression.events';
export * from './email-suppression/email-suppression';
export * from './email-suppression/email-suppression.activity';
export * from './dispatch/dispatch.events';
export * from './dispatch/dispatch.commands';
export * from './dispatch/dispatch.state';
export * from './dispatch/dispatch.decide';
export * from './dispatch/dispatch.activity';
export * from './access/access-subject';
export * from './access/route-guards';
export * from './incident/ordering-keys';
export * from './incident/display-conditions';
export * from './incident/required-values';
export * from './incident-settings/incident-settings.records';
export * from './incident-settings/incident-settings.events';
export * from './incident-settings/incident-settings.commands';
export * from './incident-settings/incident-settings.state';
export * from './incident-settings/incident-settings.decide';
export * from './incident-settings/incident-settings.views';
export * from './incident-settings/display-condition-input';
export * from './incident-settings/template-subdomain';
export * from './incident-settings/form-snapshot';
export * from './incident-settings/incident-settings.activity';
export * from './incident/incident.records';
export * from './incident/incident.events';
export * from './incident/incident.apply';
export * from './incident/incident.commands';
export { evolveIncident, initialIncidentState, type IncidentChangeMark, type IncidentState, type RecordedIncident } from './incident/incident.state';
export * from './incident/incident.decide';
export {
  INCIDENT_TEXT_MAX_LENGTH,
  isCalendarDate,
  isDateTime,
  isTimeOfDay,
  normalizedValues,
  valueKey,
  type IncidentPayloadValues,
} from './incident/incident-values';
export * from './incident/incident-rules';
export * from './incident/known-uploads';
export * from './incident/incident-errors';
export { INCIDENT_TITLE_MAX_LENGTH, defaultIncidentTitle, orderAtTop } from './incident/incident-input';
export * from './incident/new-incident';
export * from './incident/incident.activity';
export * from './file-upload/file-upload';
export * from './file-upload/file-upload.activity';
export * from './incident-attachment/incident-attachment';
export * from './incident-attachment/incident-attachment.activity';
export * from './field/field-types';
export * from './field/phone-number';
export * from './field/field.events';
export * from './field/field.commands';
export * from './field/field.state';
export * from './field/field-exclusions';
export * from './field/field.decide';
export * from './field/field.activity';
