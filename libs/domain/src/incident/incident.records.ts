import type { IncidentFormSnapshot } from '../incident-settings/form-snapshot';
import type { IncidentFieldType } from './display-conditions';

/**
 * An incident as the API answers it (contracts' IncidentDto; the domain does not import contracts,
 * so the shape is declared here and kept structurally identical). IncidentStarted records it whole;
 * later events record their changes, and applyIncidentEvent gives the record after each of them.
 */

/** States an incident can be in once recorded (spec part 1 §4; the spec leaves the list open). */
export const INCIDENT_STATES = ['active', 'monitoring', 'resolved', 'closed'] as const;
export type RecordedIncidentStateName = (typeof INCIDENT_STATES)[number];
/** 'draft' only for a new incident that has not been started. */
export type IncidentStateName = 'draft' | RecordedIncidentStateName;

export const isRecordedIncidentState = (value: unknown): value is RecordedIncidentStateName =>
  typeof value === 'string' && (INCIDENT_STATES as readonly string[]).includes(value);

/** Who started or changed an incident (the name as it was then, so history needs no lookup). */
export interface IncidentActor {
  id: string;
  name: string;
}

/** An uploaded attachment, as an ATTACHMENT value holds it (contracts' UploadedAttachmentDto). */
export interface IncidentAttachmentValue {
  url: string;
  key: string;
  name: string;
  created_at: string;
  size?: number;
  content_type?: string;
}

/** One stored value: text, a number, a boolean, an option id, an ISO date or time, or an attachment. */
export type IncidentValue = string | number | boolean | IncidentAttachmentValue;

/** The values of one field of one field group. */
export interface IncidentFieldValue {
  field: string;
  field_group: string;
  field_type: IncidentFieldType;
  values: IncidentValue[];
}

export interface IncidentView {
  /** null for a new incident that has not been started. */
  id: string | null;
  /** The name of the form it was started from. */
  name: string;
  title: string;
  /** The same as `title` (the console reads either). */
  incident_title: string;
  state: IncidentStateName;
  form: string;
  template: string | null;
  order: string;
  customer_group: string;
  form_snapshot: IncidentFormSnapshot;
  /** In form order (groups, then their mappings); fields without values are left out. */
  field_values: IncidentFieldValue[];
  ignored_field_groups: string[];
  /** The number of events recorded for the incident (0 for a new one). */
  version: number;
  created_at: string | null;
  created_by: IncidentActor | null;
  updated_at: string | null;
  updated_by: IncidentActor | null;
}

/** A started incident. */
export interface IncidentRecord extends IncidentView {
  id: string;
  state: RecordedIncidentStateName;
  created_at: string;
  updated_at: string;
}

/** Who an incident started from the public template page is shown as. */
export const PUBLIC_INCIDENT_ACTOR_NAME = 'Public incident template';

export const actorName = (actor: IncidentActor | null) => actor?.name ?? PUBLIC_INCIDENT_ACTOR_NAME;
