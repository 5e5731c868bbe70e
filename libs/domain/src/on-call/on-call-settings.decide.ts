import { FieldMessages } from '../incident-settings/incident-settings.input';
import type { Decider } from '../shared/decider';
import type { ChangeOnCallSettings, OnCallSettingsCommand } from './on-call-settings.commands';
import { evolveOnCallSettings, initialOnCallSettingsState, type OnCallSettingsState } from './on-call-settings.state';
import type { OnCallSettingsEvent, OnCallSettingsMap, OptionStaffing } from './on-call.events';
import { notAnOnCallField, notAStaffableOption, repeatedField, SETTINGS_DETAIL, STAFFING_NOT_ALLOWED } from './on-call.messages';

/** The keys of `on_call_settings`, in the order they are answered. */
export const ON_CALL_SETTINGS_KEYS = ['display_fields', 'filter_fields'] as const satisfies readonly (keyof OnCallSettingsMap)[];

/** The largest staffing minimum: more people than any organisation puts on call at once. */
export const STAFFING_MAX = 100_000;

function fieldList(messages: FieldMessages, key: keyof OnCallSettingsMap, ids: readonly string[], offered: ReadonlySet<string>): string[] {
  const seen = new Set<string>();
  for (const id of ids) {
    if (!offered.has(id)) messages.add('on_call_settings', notAnOnCallField(key, id));
    else if (seen.has(id)) messages.add('on_call_settings', repeatedField(key, id));
    seen.add(id);
  }
  return [...seen];
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Saves the settings: every field named must be one of the group's on-call data fields, every option
 * one its staffing may count (a select field that applies to the group, the option not excluded for
 * it); all problems at once (400 naming on_call_settings and options_staffing). Nothing is recorded
 * when nothing changes.
 */
function changeOnCallSettings(command: ChangeOnCallSettings, state: OnCallSettingsState): OnCallSettingsEvent[] {
  const { customerGroupId, onCallSettings = {}, optionsStaffing } = command.data;
  const messages = new FieldMessages();
  const offeredFields = new Set(command.data.offeredFieldIds);
  const settings = { ...state.settings };
  for (const key of ON_CALL_SETTINGS_KEYS) {
    const ids = onCallSettings[key];
    if (ids !== undefined) settings[key] = fieldList(messages, key, ids, offeredFields);
  }
  let staffing: readonly OptionStaffing[] = state.staffing;
  if (optionsStaffing !== undefined) {
    const offeredOptions = new Set(command.data.offeredOptionIds);
    for (const [optionId] of optionsStaffing) if (!offeredOptions.has(optionId)) messages.add('options_staffing', notAStaffableOption(optionId));
    if (!command.data.staffingAllowed && optionsStaffing.some(([, value]) => value > 0)) messages.add('options_staffing', STAFFING_NOT_ALLOWED);
    staffing = optionsStaffing.map(([optionId, value]) => ({ optionId, value }));
  }
  messages.check(SETTINGS_DETAIL);
  if (sameJson(settings, state.settings) && sameJson(staffing, state.staffing)) return [];
  return [{ type: 'OnCallSettingsChanged', data: { customerGroupId, onCallSettings: settings, optionsStaffing: staffing } }];
}

export function decideOnCallSettings(command: OnCallSettingsCommand, state: OnCallSettingsState): OnCallSettingsEvent[] {
  switch (command.type) {
    case 'ChangeOnCallSettings':
      return changeOnCallSettings(command, state);
  }
}

export const onCallSettingsDecider: Decider<OnCallSettingsCommand, OnCallSettingsEvent, OnCallSettingsState> = {
  decide: decideOnCallSettings,
  evolve: evolveOnCallSettings,
  initialState: initialOnCallSettingsState,
};

export const onCallSettingsStream = (customerGroupId: string) => `on_call_settings-${customerGroupId}`;
