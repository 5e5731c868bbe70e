import type { IncidentFieldTypeName } from '@beacon/contracts';
import { INCIDENT_FIELD_TYPES } from '@beacon/domain';

/** The ten field types (spec §3), in the order the type select offers them, with their names on screen. */
export const FIELD_TYPES: readonly IncidentFieldTypeName[] = INCIDENT_FIELD_TYPES;

export const FIELD_TYPE_LABELS: Record<IncidentFieldTypeName, string> = {
  TEXT: 'Text',
  TEXTAREA: 'Long text',
  NUMBER: 'Number',
  DATE: 'Date',
  TIME: 'Time',
  DATETIME: 'Date and time',
  ATTACHMENT: 'Attachment',
  CHECKBOX: 'Checkbox',
  SINGLESELECT: 'Single choice',
  MULTISELECT: 'Multiple choice',
};

/** SINGLESELECT and MULTISELECT fields offer choice options. */
export const hasChoiceOptions = (type: IncidentFieldTypeName) => type === 'SINGLESELECT' || type === 'MULTISELECT';
