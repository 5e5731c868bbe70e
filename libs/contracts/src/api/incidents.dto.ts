/**
 * Shapes of the incident calls (spec part 1 §3 "Incident", §7 "Incidents" and "Uploads").
 * An incident keeps a snapshot of its form as it was when the incident started, so later changes to
 * the settings do not change what an incident shows.
 */
import type { FieldChoiceOptionDto, FieldGroupDto, FormRuleDto, IncidentFieldTypeName } from './incident-settings.dto';

/** A field as the incident's form snapshot holds it. */
export interface SnapshotFieldDto {
  id: string;
  label: string;
  field_type: IncidentFieldTypeName;
  is_pii: boolean;
  options: FieldChoiceOptionDto[];
}

export interface FormSnapshotDto {
  id: string;
  name: string;
  field_groups: FieldGroupDto[];
  /** Every field the groups map, by id. */
  fields: Record<string, SnapshotFieldDto>;
  rules: FormRuleDto[];
}

/** An uploaded attachment (POST /api/incidents/incident/upload/ answers one); ATTACHMENT values hold these. */
export interface UploadedAttachmentDto {
  /** Where the console downloads it (GET /api/incidents/attachment/{key}/). */
  url: string;
  key: string;
  name: string;
  created_at: string;
  size?: number;
  content_type?: string;
  /** Message uploads: why some recipients may not get the file (an SMS image above 600 KB). */
  warnings?: string[];
}

/**
 * One value of a field: text, number or boolean, an option id (SINGLESELECT, MULTISELECT), an ISO date,
 * time or datetime, or an attachment. An entry carrying `is_expired: true` is removed before saving.
 */
export type IncidentValueEntry = string | number | boolean | UploadedAttachmentDto | { value: unknown; is_expired?: boolean };

/** The values of one field of one field group. */
export interface IncidentFieldValueDto {
  field: string;
  field_group: string;
  field_type: IncidentFieldTypeName;
  values: IncidentValueEntry[];
}

export type IncidentStateName = 'draft' | 'active' | 'monitoring' | 'resolved' | 'closed';

/** GET /api/incidents/incident/{id}/ */
export interface IncidentDto {
  /** null for a new incident that has not been started yet. */
  id: string | null;
  /** The name of the form it was started from. */
  name: string;
  title: string;
  incident_title: string;
  state: IncidentStateName;
  form: string;
  /** From the template it was started from, if any. */
  template: string | null;
  order: string;
  customer_group: string;
  form_snapshot: FormSnapshotDto;
  field_values: IncidentFieldValueDto[];
  ignored_field_groups: string[];
  /**
   * The incident's version (the number of changes recorded); an update sends the version it was based
   * on, and a change to a field someone else changed since answers 409 with the current incident.
   */
  version: number;
  created_at: string | null;
  created_by: IncidentActorDto | null;
  updated_at: string | null;
  updated_by: IncidentActorDto | null;
}

export interface IncidentActorDto {
  id: string;
  name: string;
}

/** Entries of the incident list and of report pages (no snapshot, no values). */
export interface IncidentListItemDto {
  id: string;
  name: string;
  title: string;
  incident_title: string;
  state: IncidentStateName;
  form: string;
  order: string;
  customer_group: string;
  version: number;
  created_at: string;
  created_by: IncidentActorDto | null;
  updated_at: string;
  updated_by: IncidentActorDto | null;
}

/** GET /api/incidents/incident/?items_per_page=&page= (0 or All: everything on one page). */
export interface IncidentPageDto {
  data: IncidentListItemDto[];
  number_of_pages: number;
  count: number;
}

/** GET /api/incidents/incident/filters/?filters=<this as JSON> (plus items_per_page and page). */
export interface IncidentFiltersDto {
  state?: IncidentStateName | IncidentStateName[];
  form?: string;
  /** Case-insensitive, in the title and the form name. */
  search?: string;
  /** ISO dates (inclusive) on the creation time. */
  created_from?: string;
  created_to?: string;
}

/** POST /api/incidents/incident/: a new incident from a form, not yet recorded. */
export interface NewIncidentRequest {
  form: string;
  order?: string;
  incident_title?: string;
}

/** One entry of an incident save: the values of a field in a field group. */
export interface IncidentPayloadEntry {
  field: string;
  field_group: string;
  values: IncidentValueEntry[];
}

/** POST /api/incidents/incident/start/{form}/ and PUT /api/incidents/start_incident_from_template/{template}/ */
export interface StartIncidentRequest {
  incident_title?: string;
  order?: string;
  payload?: IncidentPayloadEntry[];
  ignored_field_groups?: string[];
}

/** PUT /api/incidents/incident/{id}/ */
export interface UpdateIncidentRequest {
  /** The version the edit was based on; without it the update applies to the current version. */
  version?: number;
  incident_title?: string;
  payload: IncidentPayloadEntry[];
  ignored_field_groups?: string[];
}

/** PATCH /api/incidents/incident/{id}/: any of these. */
export interface PatchIncidentRequest {
  version?: number;
  state?: IncidentStateName;
  incident_title?: string;
  order?: string;
}

/** 400 on a save with a required value missing (the spec's message, naming group and field). */
export interface MissingRequiredValueErrorDto {
  detail: string;
  missing: { field_group: string; field_group_title: string; field: string; field_label: string }[];
}

/** 409 on a save that would overwrite someone else's change. */
export interface IncidentConflictDto {
  detail: string;
  /** The fields (ids) changed by someone else since the version the save was based on. */
  conflicting_fields: string[];
  incident: IncidentDto;
}

/** GET /api/incidents/incident/{id}/history/ */
export interface IncidentHistoryDto {
  entries: IncidentHistoryEntryDto[];
}

export interface IncidentHistoryEntryDto {
  /** The incident's version after this entry; GET /api/incidents/incident/{id}/?version=N shows it as it stood. */
  version: number;
  at: string;
  actor: IncidentActorDto | null;
  /** started, updated, state_changed, title_changed, moved */
  kind: 'started' | 'updated' | 'state_changed' | 'title_changed' | 'moved';
  changes: IncidentChangeDto[];
}

export interface IncidentChangeDto {
  /** A field id, or 'state', 'incident_title', 'ignored_field_groups'. */
  field: string;
  label: string;
  field_group?: string;
  field_group_title?: string;
  from: string;
  to: string;
}

/** POST /api/incidents/incident_report_summary/ */
export interface IncidentReportSummaryRequest {
  created_from?: string;
  created_to?: string;
  form?: string;
  state?: IncidentStateName | IncidentStateName[];
}

export interface IncidentReportSummaryDto {
  total: number;
  by_state: Record<string, number>;
  by_form: { form: string; name: string; count: number }[];
  incidents: IncidentListItemDto[];
}

/** The file_data part of an upload (JSON text): what the file is attached to. */
export interface UploadFileData {
  incident?: string;
  field?: string;
  /** Public uploads: the template page's subdomain. */
  subdomain?: string;
}

/** Live updates on resource `incidents`: the incident as it now stands. */
export const INCIDENTS_LIVE_RESOURCE = 'incidents';
