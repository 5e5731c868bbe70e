import { describe, expect, it } from '@jest/globals';
import {
  DisplayCondition,
  DisplayConditionContext,
  INCIDENT_FIELD_TYPES,
  IncidentFieldValueEntry,
  isDisplayConditionMet,
  isFieldGroupShown,
  isIncidentFieldType,
  shownFieldGroups,
} from './display-conditions';

type ContextOverrides = Partial<Omit<DisplayConditionContext, 'fieldValues'>> & { fieldValues?: Record<string, IncidentFieldValueEntry> };
const context = ({ fieldValues = {}, ...overrides }: ContextOverrides = {}): DisplayConditionContext => ({
  state: 'Open',
  permission: 'OPERATOR',
  fieldValues: new Map(Object.entries(fieldValues)),
  ...overrides,
});
const state = (value: string): DisplayCondition => ({ field_group_id: 1, field_id: null, type: 'state', value });
const permission = (value: string): DisplayCondition => ({ field_group_id: 1, field_id: null, type: 'permission', value });
const field = (field_id: number | string, value: DisplayCondition['value'], extra: Partial<DisplayCondition> = {}): DisplayCondition => ({
  field_group_id: 1,
  field_id,
  type: 'field',
  value,
  ...extra,
});

describe('incident field types', () => {
  it('lists the field types of the spec and the issue', () => {
    expect(INCIDENT_FIELD_TYPES).toEqual(
      expect.arrayContaining(['DATE', 'TIME', 'DATETIME', 'ATTACHMENT', 'CHECKBOX', 'TEXT', 'SINGLESELECT', 'MULTISELECT']),
    );
    expect(isIncidentFieldType('CHECKBOX')).toBe(true);
    expect(isIncidentFieldType('checkbox')).toBe(false);
    expect(isIncidentFieldType(3)).toBe(false);
  });
});

describe('display conditions: state', () => {
  it.each([
    ['open', 'Open', true],
    ['OPEN', 'open', true],
    ['Open', 'OPEN', true],
    ['closed', 'Open', false],
    ['open ', 'Open', false],
  ])('condition %j against state %j → %s (case-insensitive)', (value, current, expected) => {
    expect(isDisplayConditionMet(state(value), context({ state: current }))).toBe(expected);
  });

  it('is not met when the incident has no state yet', () => {
    expect(isDisplayConditionMet(state('open'), context({ state: null }))).toBe(false);
    expect(isDisplayConditionMet(state('open'), context({ state: undefined }))).toBe(false);
  });

  it('accepts any of the listed values', () => {
    const condition: DisplayCondition = { ...state(''), values: ['Draft', 'Open'] };
    expect(isDisplayConditionMet(condition, context({ state: 'open' }))).toBe(true);
    expect(isDisplayConditionMet(condition, context({ state: 'closed' }))).toBe(false);
  });
});

describe('display conditions: permission', () => {
  it.each([
    ['OPERATOR', 'OPERATOR', true],
    ['operator', 'OPERATOR', true],
    ['Operator', 'OPERATOR', true],
    ['ADMIN', 'OPERATOR', false],
    ['sender', 'SENDER', true],
  ] as const)('condition %j against permission %j → %s (upper-case match)', (value, current, expected) => {
    expect(isDisplayConditionMet(permission(value), context({ permission: current }))).toBe(expected);
  });
});

describe('display conditions: field values', () => {
  it('is met when the field holds the value, compared as strings', () => {
    const ctx = context({ fieldValues: { '7': { field_type: 'TEXT', values: ['Flood'] }, '8': { field_type: 'NUMBER', values: [3] } } });
    expect(isDisplayConditionMet(field(7, 'Flood'), ctx)).toBe(true);
    expect(isDisplayConditionMet(field('7', 'Flood'), ctx)).toBe(true);
    expect(isDisplayConditionMet(field(7, 'flood'), ctx)).toBe(false);
    expect(isDisplayConditionMet(field(7, 'Fire'), ctx)).toBe(false);
    expect(isDisplayConditionMet(field(8, '3'), ctx)).toBe(true);
    expect(isDisplayConditionMet(field(8, 3), ctx)).toBe(true);
  });

  it('matches any selected option of a MULTISELECT, by value or id', () => {
    const ctx = context({
      fieldValues: {
        '9': {
          field_type: 'MULTISELECT',
          values: [
            { id: 41, value: 'Police' },
            { id: 42, value: 'Fire' },
          ],
        },
      },
    });
    expect(isDisplayConditionMet(field(9, 'Fire'), ctx)).toBe(true);
    expect(isDisplayConditionMet(field(9, 'Police'), ctx)).toBe(true);
    expect(isDisplayConditionMet(field(9, 42), ctx)).toBe(true);
    expect(isDisplayConditionMet(field(9, 'Ambulance'), ctx)).toBe(false);
    expect(isDisplayConditionMet(field(9, null, { values: ['Ambulance', 'Fire'] }), ctx)).toBe(true);
  });

  it('matches a SINGLESELECT choice', () => {
    const ctx = context({ fieldValues: { '5': { field_type: 'SINGLESELECT', values: ['High'] } } });
    expect(isDisplayConditionMet(field(5, 'High'), ctx)).toBe(true);
    expect(isDisplayConditionMet(field(5, 'Low'), ctx)).toBe(false);
  });

  it('falls back to the condition field when field_id is missing', () => {
    const ctx = context({ fieldValues: { '7': { field_type: 'TEXT', values: ['Flood'] } } });
    expect(isDisplayConditionMet({ type: 'field', field: 7, value: 'Flood' }, ctx)).toBe(true);
  });

  it('is not met for an unknown field id or a field without values', () => {
    const ctx = context({ fieldValues: { '7': { field_type: 'TEXT', values: [] } } });
    expect(isDisplayConditionMet(field(999, 'Flood'), ctx)).toBe(false);
    expect(isDisplayConditionMet(field(7, 'Flood'), ctx)).toBe(false);
    expect(isDisplayConditionMet({ type: 'field', value: 'Flood' }, ctx)).toBe(false);
  });

  it('is not met with no expected value on other field types', () => {
    const ctx = context({ fieldValues: { '7': { field_type: 'TEXT', values: [] } } });
    expect(isDisplayConditionMet(field(7, null), ctx)).toBe(false);
    expect(isDisplayConditionMet(field(7, ''), ctx)).toBe(false);
    expect(isDisplayConditionMet(field(8, null, { field_type: 'TEXT' }), ctx)).toBe(false);
  });
});

describe('display conditions: ATTACHMENT and CHECKBOX with no values', () => {
  it.each(['ATTACHMENT', 'CHECKBOX'])('%s: met when the field is absent', (type) => {
    expect(isDisplayConditionMet(field(3, null, { field_type: type }), context())).toBe(true);
    expect(isDisplayConditionMet(field(3, '', { field_type: type, values: [] }), context())).toBe(true);
  });

  it.each(['ATTACHMENT', 'CHECKBOX'])('%s: met when the field is empty', (type) => {
    for (const values of [[], [null], [''], [{ value: '' }], [{}]]) {
      const ctx = context({ fieldValues: { '3': { field_type: type, values } } });
      expect([JSON.stringify(values), isDisplayConditionMet(field(3, null), ctx)]).toEqual([JSON.stringify(values), true]);
      expect(isDisplayConditionMet(field(3, null, { field_type: type }), ctx)).toBe(true);
    }
  });

  it('ATTACHMENT: not met when a file is attached', () => {
    const ctx = context({
      fieldValues: { '3': { field_type: 'ATTACHMENT', values: [{ url: 'https://x/y.pdf', key: 'y.pdf', name: 'y.pdf' }] } },
    });
    expect(isDisplayConditionMet(field(3, null), ctx)).toBe(false);
  });

  it('CHECKBOX: not met when ticked; a value condition compares values', () => {
    const ctx = context({ fieldValues: { '4': { field_type: 'CHECKBOX', values: ['Yes'] } } });
    expect(isDisplayConditionMet(field(4, null), ctx)).toBe(false);
    expect(isDisplayConditionMet(field(4, 'Yes'), ctx)).toBe(true);
    expect(isDisplayConditionMet(field(4, 'No'), ctx)).toBe(false);
  });

  it('uses the field type given on the condition first', () => {
    const ctx = context({ fieldValues: { '3': { field_type: 'TEXT', values: [] } } });
    expect(isDisplayConditionMet(field(3, null, { field_type: 'checkbox' }), ctx)).toBe(true);
  });
});

describe('field groups', () => {
  it('is shown with no conditions', () => {
    expect(isFieldGroupShown([], context())).toBe(true);
    expect(isFieldGroupShown(null, context())).toBe(true);
    expect(isFieldGroupShown(undefined, context())).toBe(true);
  });

  it('is shown only when all conditions are met (mixed types)', () => {
    const ctx = context({ state: 'OPEN', permission: 'ADMIN', fieldValues: { '7': { field_type: 'TEXT', values: ['Flood'] } } });
    const all = [state('open'), permission('admin'), field(7, 'Flood'), field(3, null, { field_type: 'ATTACHMENT' })];
    expect(isFieldGroupShown(all, ctx)).toBe(true);
    expect(isFieldGroupShown([...all, state('closed')], ctx)).toBe(false);
    expect(isFieldGroupShown([...all, permission('SENDER')], ctx)).toBe(false);
    expect(isFieldGroupShown([...all, field(7, 'Fire')], ctx)).toBe(false);
    expect(isFieldGroupShown([...all, field(999, 'Flood')], ctx)).toBe(false);
  });

  it('an unknown condition type is never met', () => {
    const odd = { type: 'weather', value: 'sunny' } as unknown as DisplayCondition;
    expect(isFieldGroupShown([odd], context())).toBe(false);
  });

  it('filters groups keeping their order', () => {
    const groups = [
      { id: 1, display_conditions: [state('open')] },
      { id: 2, display_conditions: [] },
      { id: 3, display_conditions: [permission('ADMIN')] },
      { id: 4 },
    ];
    expect(shownFieldGroups(groups, context()).map((g) => g.id)).toEqual([1, 2, 4]);
  });
});
