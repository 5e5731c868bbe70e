import { describedByName, type AggregateActivity } from '../shared/activity';
import type { INCIDENT_SETTINGS_EVENT_VERSIONS } from './incident-settings.events';

/**
 * How the activity log tells incident settings events (fields, forms, field groups, form rules,
 * templates): by their names, with their ids as details.
 */
export const incidentSettingsActivity: AggregateActivity<keyof typeof INCIDENT_SETTINGS_EVENT_VERSIONS> = {
  IncidentFieldCreated: describedByName,
  IncidentFieldChanged: describedByName,
  IncidentFieldMoved: describedByName,
  IncidentFieldDeleted: describedByName,
  FieldChoiceOptionAdded: describedByName,
  FieldChoiceOptionChanged: describedByName,
  FieldChoiceOptionDeleted: describedByName,
  IncidentFormCreated: describedByName,
  IncidentFormRenamed: describedByName,
  IncidentFormMoved: describedByName,
  IncidentFormDeleted: describedByName,
  FieldGroupCreated: describedByName,
  FieldGroupChanged: describedByName,
  FieldGroupMoved: describedByName,
  FieldGroupDeleted: describedByName,
  FieldDisplayConditionsDeleted: describedByName,
  FormRuleCreated: describedByName,
  FormRuleChanged: describedByName,
  FormRuleMoved: describedByName,
  FormRuleDeleted: describedByName,
  IncidentTemplateCreated: describedByName,
  IncidentTemplateChanged: describedByName,
  IncidentTemplateDeleted: describedByName,
  IncidentTemplateSubdomainClaimed: describedByName,
  IncidentTemplateSubdomainReleased: describedByName,
};
