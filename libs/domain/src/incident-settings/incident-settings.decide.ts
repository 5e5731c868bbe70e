import type { Decider } from '../shared/decider';
import type { IncidentSettingsCommand } from './incident-settings.commands';
import type { IncidentSettingsEvent } from './incident-settings.events';
import { evolveIncidentSettings, initialIncidentSettingsState, type IncidentSettingsState } from './incident-settings.state';
import {
  addFieldChoiceOption,
  changeFieldChoiceOption,
  changeIncidentField,
  createIncidentField,
  deleteFieldChoiceOption,
  deleteIncidentField,
  moveIncidentField,
} from './incident-fields.decide';
import { createIncidentForm, deleteIncidentForm, moveIncidentForm, renameIncidentForm } from './incident-forms.decide';
import { changeFieldGroup, createFieldGroup, deleteFieldDisplayConditions, deleteFieldGroup, moveFieldGroup } from './field-groups.decide';
import { changeFormRule, createFormRule, deleteFieldRules, deleteFormRule, moveFormRule } from './form-rules.decide';
import { changeIncidentTemplate, createIncidentTemplate, deleteIncidentTemplate } from './incident-templates.decide';

export function decideIncidentSettings(command: IncidentSettingsCommand, state: IncidentSettingsState): IncidentSettingsEvent[] {
  switch (command.type) {
    case 'CreateIncidentField':
      return createIncidentField(command, state);
    case 'ChangeIncidentField':
      return changeIncidentField(command, state);
    case 'MoveIncidentField':
      return moveIncidentField(command, state);
    case 'DeleteIncidentField':
      return deleteIncidentField(command, state);
    case 'AddFieldChoiceOption':
      return addFieldChoiceOption(command, state);
    case 'ChangeFieldChoiceOption':
      return changeFieldChoiceOption(command, state);
    case 'DeleteFieldChoiceOption':
      return deleteFieldChoiceOption(command, state);
    case 'CreateIncidentForm':
      return createIncidentForm(command, state);
    case 'RenameIncidentForm':
      return renameIncidentForm(command, state);
    case 'MoveIncidentForm':
      return moveIncidentForm(command, state);
    case 'DeleteIncidentForm':
      return deleteIncidentForm(command, state);
    case 'CreateFieldGroup':
      return createFieldGroup(command, state);
    case 'ChangeFieldGroup':
      return changeFieldGroup(command, state);
    case 'MoveFieldGroup':
      return moveFieldGroup(command, state);
    case 'DeleteFieldGroup':
      return deleteFieldGroup(command, state);
    case 'DeleteFieldDisplayConditions':
      return deleteFieldDisplayConditions(command, state);
    case 'CreateFormRule':
      return createFormRule(command, state);
    case 'ChangeFormRule':
      return changeFormRule(command, state);
    case 'MoveFormRule':
      return moveFormRule(command, state);
    case 'DeleteFormRule':
      return deleteFormRule(command, state);
    case 'DeleteFieldRules':
      return deleteFieldRules(command, state);
    case 'CreateIncidentTemplate':
      return createIncidentTemplate(command, state);
    case 'ChangeIncidentTemplate':
      return changeIncidentTemplate(command, state);
    case 'DeleteIncidentTemplate':
      return deleteIncidentTemplate(command, state);
  }
}

export const incidentSettingsDecider: Decider<IncidentSettingsCommand, IncidentSettingsEvent, IncidentSettingsState> = {
  decide: decideIncidentSettings,
  evolve: evolveIncidentSettings,
  initialState: initialIncidentSettingsState,
};

/** The one stream of an organisation's incident settings, by its root customer group. */
export const incidentSettingsStream = (rootId: string) => `incident_settings-${rootId}`;
