import type { OnCallSettingsEvent, OnCallSettingsMap, OptionStaffing } from './on-call.events';

export const DEFAULT_ON_CALL_SETTINGS: OnCallSettingsMap = Object.freeze({ display_fields: Object.freeze([]), filter_fields: Object.freeze([]) });

export interface OnCallSettingsState {
  readonly customerGroupId: string | null;
  readonly settings: OnCallSettingsMap;
  readonly staffing: readonly OptionStaffing[];
}

export const initialOnCallSettingsState = (): OnCallSettingsState => ({ customerGroupId: null, settings: DEFAULT_ON_CALL_SETTINGS, staffing: [] });

export function evolveOnCallSettings(_state: OnCallSettingsState, event: OnCallSettingsEvent): OnCallSettingsState {
  return { customerGroupId: event.data.customerGroupId, settings: event.data.onCallSettings, staffing: event.data.optionsStaffing };
}
