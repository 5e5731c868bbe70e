import type { OnCallSettingsMap } from './on-call.events';

/**
 * POST /api/customer_group_on_call_settings/{id}/ (stream `on_call_settings-<groupId>`): the keys of
 * `on_call_settings` sent replace theirs (those left out keep theirs); `optionsStaffing`, when sent,
 * replaces every minimum. What the handler found, as plain data: which of the named fields are on-call
 * data fields of the group, and which of the named options are options its staffing may count.
 */
export interface ChangeOnCallSettings {
  readonly type: 'ChangeOnCallSettings';
  readonly data: {
    readonly customerGroupId: string;
    readonly onCallSettings?: Partial<OnCallSettingsMap>;
    /** [option id, minimum] pairs as sent (an object's entries: a key "__proto__" is an id like any other). */
    readonly optionsStaffing?: readonly (readonly [string, number])[];
    readonly offeredFieldIds: readonly string[];
    readonly offeredOptionIds: readonly string[];
    /** Whether the root group holds "Minimum staffing requirements": without it, no minimum above 0 is taken. */
    readonly staffingAllowed: boolean;
  };
}

export type OnCallSettingsCommand = ChangeOnCallSettings;
