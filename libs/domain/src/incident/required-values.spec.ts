import { describe, expect, it } from '@jest/globals';
import {
  REQUIRED_VALUE_MESSAGE,
  hasValue,
  missingRequiredValues,
  requiredValueText,
  withoutExpiredValues,
  type RequiredValuesForm,
} from './required-values';

const form: RequiredValuesForm = {
  field_groups: [
    {
      id: 'g-details',
      title: 'Details',
      display_conditions: [],
      form_field_mappings: [
        { field: 'f-location', is_required: true },
        { field: 'f-notes', is_required: false },
      ],
    },
    {
      id: 'g-injury',
      title: 'Injury',
      // Shown only when the "injured" checkbox is ticked.
      display_conditions: [{ type: 'field', field_id: 'f-injured', value: 'true' }],
      form_field_mappings: [{ field: 'f-hospital', is_required: true }],
    },
    {
      id: 'g-resolution',
      title: 'Resolution',
      display_conditions: [{ type: 'state', value: 'Resolved' }],
      form_field_mappings: [{ field: 'f-cause', is_required: true }],
    },
  ],
  fields: {
    'f-location': { label: 'Location', field_type: 'TEXT' },
    'f-notes': { label: 'Notes', field_type: 'TEXTAREA' },
    'f-injured': { label: 'Anyone injured', field_type: 'CHECKBOX' },
    'f-hospital': { label: 'Hospital', field_type: 'TEXT' },
    'f-cause': { label: 'Root cause', field_type: 'TEXT' },
  },
};

const operator = { state: 'active', permission: 'OPERATOR' };
const entry = (field: string, field_group: string, values: unknown[]) => ({ field, field_group, values });

describe('required values', () => {
  it('names the group and field of a required value left out', () => {
    const gaps = missingRequiredValues(form, [], [], operator);
    expect(gaps).toEqual([{ field_group: 'g-details', field_group_title: 'Details', field: 'f-location', field_label: 'Location' }]);
    expect(requiredValueText(gaps[0]!)).toBe(`Details › Location: ${REQUIRED_VALUE_MESSAGE}`);
    expect(REQUIRED_VALUE_MESSAGE).toBe('Please enter a value. This field is required.');
  });

  it('accepts a save with every required value of the shown groups', () => {
    expect(missingRequiredValues(form, [entry('f-location', 'g-details', ['Depot 4'])], [], operator)).toEqual([]);
  });

  it.each([[[]], [['']], [['   ']], [[null]], [[{ value: '' }]]])('treats %j as no value', (values) => {
    expect(missingRequiredValues(form, [entry('f-location', 'g-details', values)], [], operator)).toHaveLength(1);
  });

  it('counts false, 0 and an attachment object as values', () => {
    expect(hasValue([false])).toBe(true);
    expect(hasValue([0])).toBe(true);
    expect(hasValue([{ key: 'k', name: 'photo.jpg' }])).toBe(true);
  });

  it('requires the value in the group that maps it, not in another', () => {
    expect(missingRequiredValues(form, [entry('f-location', 'g-other', ['x'])], [], operator)).toHaveLength(1);
  });

  it('skips ignored groups', () => {
    expect(missingRequiredValues(form, [], ['g-details'], operator)).toEqual([]);
  });

  it('checks a conditional group only while its conditions hold', () => {
    const ticked = [entry('f-location', 'g-details', ['Depot']), entry('f-injured', 'g-details', [true])];
    expect(missingRequiredValues(form, ticked, [], operator).map((gap) => gap.field)).toEqual(['f-hospital']);
    const unticked = [entry('f-location', 'g-details', ['Depot']), entry('f-injured', 'g-details', [false])];
    expect(missingRequiredValues(form, unticked, [], operator)).toEqual([]);
  });

  it('evaluates state conditions case-insensitively', () => {
    const saved = [entry('f-location', 'g-details', ['Depot'])];
    expect(missingRequiredValues(form, saved, [], { state: 'resolved', permission: 'OPERATOR' }).map((gap) => gap.field)).toEqual(['f-cause']);
  });

  it('does not let an ignored group\'s values open a conditional group', () => {
    const payload = [entry('f-location', 'g-details', ['Depot']), entry('f-injured', 'g-x', [true])];
    expect(missingRequiredValues(form, payload, ['g-x'], operator)).toEqual([]);
  });

  it('removes expired entries before checking', () => {
    const expired = { value: 'old link', is_expired: true };
    expect(withoutExpiredValues(['a', expired, 'b'])).toEqual(['a', 'b']);
    expect(missingRequiredValues(form, [entry('f-location', 'g-details', [expired])], [], operator)).toHaveLength(1);
  });

  it('keeps a value sent for a field named __proto__ to that field: a condition on any other field does not see it', () => {
    const onValues: RequiredValuesForm = {
      field_groups: [
        { id: 'a', title: 'A', display_conditions: [{ type: 'field', field_id: 'values', value: 'true' }], form_field_mappings: [{ field: 'x', is_required: true }] },
        { id: 'b', title: 'B', display_conditions: [{ type: 'field', field_id: '__proto__', value: 'true' }], form_field_mappings: [{ field: 'y', is_required: true }] },
      ],
      fields: {},
    };
    const gaps = missingRequiredValues(onValues, [entry('__proto__', 'a', [true])], [], operator);
    expect(gaps.map((gap) => gap.field_group)).toEqual(['b']);
  });

  it('lists gaps in form order and falls back to the field id for an unknown label', () => {
    const twoRequired: RequiredValuesForm = {
      field_groups: [
        { id: 'a', title: 'A', form_field_mappings: [{ field: 'x', is_required: true }] },
        { id: 'b', title: 'B', form_field_mappings: [{ field: 'y', is_required: true }] },
      ],
      fields: { y: { label: 'Why' } },
    };
    expect(missingRequiredValues(twoRequired, [], [], operator).map((gap) => [gap.field_group_title, gap.field_label])).toEqual([
      ['A', 'x'],
      ['B', 'Why'],
    ]);
  });
});
