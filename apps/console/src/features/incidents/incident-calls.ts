import type {
  FormRuleErrorDto,
  IncidentConflictDto,
  IncidentDto,
  IncidentStateName,
  PatchIncidentRequest,
  StartIncidentRequest,
  UpdateIncidentRequest,
} from '@beacon/contracts';
import type { RequiredValueGap } from '@beacon/domain';
import { isApiError } from '../../api/api-error';
import { errorSummary, incidentCallError } from '../../api/incident-errors';
import { currentIgnoredFieldGroups, currentTitle, payloadOf, type IncidentEdits } from './incident-values';

/** The writes of the open incident, as the incident machine asks for them. */
export type IncidentWrite =
  /** A new incident from a form: POST /api/incidents/incident/start/{form}/ */
  | { kind: 'start'; form: string; body: StartIncidentRequest }
  /** A new incident from a template: PUT /api/incidents/start_incident_from_template/{template}/ */
  | { kind: 'startFromTemplate'; template: string; body: StartIncidentRequest }
  /** PUT /api/incidents/incident/{id}/ */
  | { kind: 'update'; id: string; body: UpdateIncidentRequest }
  /** PATCH /api/incidents/incident/{id}/ */
  | { kind: 'patch'; id: string; body: PatchIncidentRequest };

/**
 * The save of the incident as edited: a new one is started (from its template when it came from
 * one) with the given order, a recorded one is updated from the version the edits were based on.
 */
export function saveWrite(incident: IncidentDto, edits: IncidentEdits, order: string | undefined): IncidentWrite {
  const common = {
    incident_title: currentTitle(incident, edits),
    payload: payloadOf(incident, edits),
    ignored_field_groups: [...currentIgnoredFieldGroups(incident, edits)],
  };
  if (incident.id === null) {
    const body: StartIncidentRequest = { ...common, order: order ?? incident.order };
    return incident.template ? { kind: 'startFromTemplate', template: incident.template, body } : { kind: 'start', form: incident.form, body };
  }
  return { kind: 'update', id: incident.id, body: { version: incident.version, ...common } };
}

/** A state change of a recorded incident. */
export function stateWrite(incident: IncidentDto & { id: string }, state: IncidentStateName): IncidentWrite {
  return { kind: 'patch', id: incident.id, body: { version: incident.version, state } };
}

/** Why a write failed, as the incident screen shows it. */
export type WriteFailure =
  /** 409: someone else changed what this write changes; the current incident came with it. */
  | { kind: 'conflict'; detail: string; conflictingFields: string[]; incident: IncidentDto }
  /** 400: the server's message, and the missing values and broken rules it names, shown next to their fields. */
  | { kind: 'invalid'; text: string; missing: RequiredValueGap[]; ruleErrors: FormRuleErrorDto[] }
  /** Anything else: 500 shows the spec's text, other statuses the server's message. */
  | { kind: 'failed'; text: string };

export function writeFailureOf(error: unknown): WriteFailure {
  const text = errorSummary(incidentCallError(error));
  if (!isApiError(error) || !isRecord(error.data)) return { kind: 'failed', text };
  const data = error.data;
  if (error.status === 409 && isConflict(data)) {
    return { kind: 'conflict', detail: data.detail, conflictingFields: [...data.conflicting_fields], incident: data.incident };
  }
  if (error.status === 400) {
    const missing = Array.isArray(data['missing']) ? (data['missing'] as RequiredValueGap[]) : [];
    const ruleErrors = Array.isArray(data['rule_errors']) ? (data['rule_errors'] as FormRuleErrorDto[]) : [];
    return { kind: 'invalid', text, missing, ruleErrors };
  }
  return { kind: 'failed', text };
}

/** The text of a failed read (500: the spec's text; otherwise the server's message). */
export function readFailureText(error: unknown): string {
  return errorSummary(incidentCallError(error));
}

function isConflict(data: Record<string, unknown>): data is Record<string, unknown> & IncidentConflictDto {
  return typeof data['detail'] === 'string' && Array.isArray(data['conflicting_fields']) && isRecord(data['incident']);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
