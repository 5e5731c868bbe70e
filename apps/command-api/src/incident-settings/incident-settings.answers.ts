import type {
  FieldChoiceOptionDto,
  FieldGroupDto,
  FormRuleDto,
  IncidentFieldDto,
  IncidentFormDto,
  IncidentTemplateDto,
} from '@beacon/contracts';
import {
  fieldGroupView,
  formRuleView,
  incidentFieldView,
  incidentFormView,
  incidentTemplateView,
  notFound,
  type IncidentSettingsState,
} from '@beacon/domain';
import { exposePosition } from '../shared/event-position';
import type { IncidentSettingsOutcome } from './incident-settings-stream';

/**
 * A write answers the entity as the settings stand right after it (so the console needs no re-read),
 * with the position of the write. An entity that is gone by then (deleted at the same time) is 404.
 */

export type Response = Parameters<typeof exposePosition>[0];

export function answer<T>(response: Response, outcome: IncidentSettingsOutcome, dto: (state: IncidentSettingsState) => T): T {
  exposePosition(response, outcome.position);
  return dto(outcome.state);
}

function found<T>(record: T | undefined): T {
  if (record === undefined) throw notFound();
  return record;
}

export const fieldDto = (state: IncidentSettingsState, id: string): IncidentFieldDto => incidentFieldView(state, found(state.fields.get(id)));
export const optionDto = (state: IncidentSettingsState, id: string): FieldChoiceOptionDto => ({ ...found(state.options.get(id)) });
export const formDto = (state: IncidentSettingsState, id: string): IncidentFormDto => incidentFormView(state, found(state.forms.get(id)));
export const fieldGroupDto = (state: IncidentSettingsState, id: string): FieldGroupDto => fieldGroupView(found(state.fieldGroups.get(id)));
export const ruleDto = (state: IncidentSettingsState, id: string): FormRuleDto => formRuleView(found(state.rules.get(id)));
export const templateDto = (state: IncidentSettingsState, id: string): IncidentTemplateDto =>
  incidentTemplateView(state, found(state.templates.get(id)));
