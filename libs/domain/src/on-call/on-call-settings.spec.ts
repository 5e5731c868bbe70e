import { describe, expect, it } from '@jest/globals';
import { given } from '../shared/given-when-then';
import { fieldErrorsOf } from '../testing/refusals';
import type { ChangeOnCallSettings } from './on-call-settings.commands';
import { onCallSettingsDecider } from './on-call-settings.decide';
import type { OnCallSettingsChanged, OnCallSettingsEvent } from './on-call.events';
import { notAnOnCallField, notAStaffableOption, repeatedField, STAFFING_NOT_ALLOWED } from './on-call.messages';

const offered = { offeredFieldIds: ['f-role', 'f-site'], offeredOptionIds: ['f-role.1', 'f-role.2'], staffingAllowed: true };

const change = (data: Partial<ChangeOnCallSettings['data']>): ChangeOnCallSettings => ({
  type: 'ChangeOnCallSettings',
  data: { customerGroupId: 'g1', ...offered, ...data },
});

const saved: OnCallSettingsChanged = {
  type: 'OnCallSettingsChanged',
  data: {
    customerGroupId: 'g1',
    onCallSettings: { display_fields: ['f-site', 'f-role'], filter_fields: ['f-role'] },
    optionsStaffing: [{ optionId: 'f-role.1', value: 2 }],
  },
};

const when = (events: OnCallSettingsEvent[], command: ChangeOnCallSettings) => given(onCallSettingsDecider, events).when(command);

describe('on-call settings', () => {
  it('takes no minimum above 0 where the organisation lacks "Minimum staffing requirements", but the settings and zero minima', () => {
    expect(fieldErrorsOf(() => when([], change({ optionsStaffing: [['f-role.1', 2]], staffingAllowed: false }))).options_staffing).toEqual([STAFFING_NOT_ALLOWED]);
    expect(when([], change({ onCallSettings: { filter_fields: ['f-role'] }, optionsStaffing: [['f-role.1', 0]], staffingAllowed: false }))).toHaveLength(1);
  });

  it('saves the fields shown and filtered by, in their order, and the staffing minima', () => {
    expect(
      when([], change({ onCallSettings: { display_fields: ['f-site', 'f-role'], filter_fields: ['f-role'] }, optionsStaffing: [['f-role.1', 2]] })),
    ).toEqual([saved]);
  });

  it('keeps what a change leaves out: the other key, or every minimum', () => {
    expect(when([saved], change({ onCallSettings: { filter_fields: [] } }))).toEqual([
      { type: 'OnCallSettingsChanged', data: { ...saved.data, onCallSettings: { display_fields: ['f-site', 'f-role'], filter_fields: [] } } },
    ]);
    expect(when([saved], change({ optionsStaffing: [['f-role.2', 0]] }))).toEqual([
      { type: 'OnCallSettingsChanged', data: { ...saved.data, optionsStaffing: [{ optionId: 'f-role.2', value: 0 }] } },
    ]);
  });

  it('records nothing when nothing changes (the defaults included)', () => {
    expect(when([saved], change({ onCallSettings: { display_fields: ['f-site', 'f-role'] }, optionsStaffing: [['f-role.1', 2]] }))).toEqual([]);
    expect(when([], change({}))).toEqual([]);
  });

  it('refuses fields that are not on-call data fields of the group, and fields listed twice', () => {
    expect(fieldErrorsOf(() => when([], change({ onCallSettings: { display_fields: ['f-mobile', 'f-site', 'f-site'], filter_fields: ['__proto__'] } })))).toEqual({
      on_call_settings: [notAnOnCallField('display_fields', 'f-mobile'), repeatedField('display_fields', 'f-site'), notAnOnCallField('filter_fields', '__proto__')],
    });
  });

  it('refuses staffing of options the group does not offer, with the fields’ problems at once', () => {
    expect(
      fieldErrorsOf(() => when([], change({ onCallSettings: { display_fields: ['nope'] }, optionsStaffing: [['f-role.1', 1], ['f-role.3', 1], ['constructor', 1]] }))),
    ).toEqual({
      on_call_settings: [notAnOnCallField('display_fields', 'nope')],
      options_staffing: [notAStaffableOption('f-role.3'), notAStaffableOption('constructor')],
    });
  });
});
