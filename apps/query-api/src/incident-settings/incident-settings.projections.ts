import type { ProjectionDefinition } from '@beacon/projections';
import { fieldGroupsProjection } from './projections/field-groups.projection';
import { formRulesProjection } from './projections/form-rules.projection';
import { incidentFieldsProjection } from './projections/incident-fields.projection';
import { incidentFormsProjection } from './projections/incident-forms.projection';
import { incidentTemplatesProjection } from './projections/incident-templates.projection';

/** The read models of the incident settings calls. */
export const INCIDENT_SETTINGS_PROJECTIONS: ProjectionDefinition[] = [
  incidentFieldsProjection,
  incidentFormsProjection,
  fieldGroupsProjection,
  formRulesProjection,
  incidentTemplatesProjection,
];
