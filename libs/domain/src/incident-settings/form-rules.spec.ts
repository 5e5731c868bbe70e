import { describe, expect, it } from '@jest/globals';
import { given } from '../shared/given-when-then';
import { checkRuleValue, isIsoDate } from './form-rule-value';
import { incidentSettingsDecider } from './incident-settings.decide';
import type { FormRuleType } from './incident-settings.records';
import { createField, createForm, createGroup, createRule, errorOf, historyOf, stateOf } from './incident-settings.fixtures';

const decider = incidentSettingsDecider;
const base = historyOf(
  createField('f1', 'Location'),
  createField('f2', 'Count', 'NUMBER'),
  createField('loose', 'Unmapped'),
  createForm('form', 'Flood'),
  createForm('other', 'Fire'),
  createGroup('g1', 'form', ['f1', 'f2']),
  createGroup('g2', 'other', ['loose']),
);

describe('form rules', () => {
  it('creates a rule for a field of the form, after the last rule of that form', () => {
    expect(given(decider, base).when(createRule('r1', 'form', 'f1', { name: ' Short ', value: ' 20 ', message: ' Keep it short. ' }))).toEqual([
      {
        type: 'FormRuleCreated',
        data: {
          rule: { id: 'r1', form: 'form', order: 'zzzzz', name: 'Short', for_field: 'f1', type: 'max_length', value: '20', message: 'Keep it short.' },
        },
      },
    ]);
  });

  it('answers field messages under message, for_field, type and value', () => {
    const error = errorOf(() => given(decider, base).when(createRule('r1', 'form', 'loose', { message: '' })));
    expect(error.kind).toBe('validation');
    expect(error.fields).toEqual({
      for_field: ['Choose a field of this form.'],
      message: ['This field may not be blank.'],
    });
    expect(errorOf(() => given(decider, base).when(createRule('r1', 'form', 'zz'))).fields).toEqual({
      for_field: ['Invalid pk "zz" - object does not exist.'],
    });
  });

  it.each<[FormRuleType, string, string]>([
    ['min_length', '-1', 'Enter a whole number of at least 0.'],
    ['max_length', '2.5', 'Enter a whole number of at least 0.'],
    ['min_value', 'ten', 'Enter a number.'],
    ['max_value', 'Infinity', 'Enter a number.'],
    ['pattern', '([a-z', 'Enter a valid regular expression.'],
    ['not_before', '2024-02-30', 'Enter a date as YYYY-MM-DD.'],
    ['not_after', 'tomorrow', 'Enter a date as YYYY-MM-DD.'],
  ])('refuses a %s rule with the value %j', (type, value, message) => {
    expect(errorOf(() => given(decider, base).when(createRule('r1', 'form', 'f1', { type, value }))).fields).toEqual({ value: [message] });
  });

  it('answers 404 for an unknown form or a rule of another form', () => {
    expect(errorOf(() => given(decider, base).when(createRule('r1', 'nope', 'f1'))).kind).toBe('not_found');
    const withRule = [...base, ...given(decider, base).when(createRule('r1', 'form', 'f1'))];
    expect(errorOf(() => given(decider, withRule).when({ type: 'DeleteFormRule', data: { ruleId: 'r1', formId: 'other' } })).kind).toBe('not_found');
    expect(errorOf(() => given(decider, withRule).when({ type: 'MoveFormRule', data: { ruleId: 'r9', formId: 'form', order: 'b' } })).kind).toBe('not_found');
  });

  it('changes, moves and deletes a rule', () => {
    const withRule = [...base, ...given(decider, base).when(createRule('r1', 'form', 'f1'))];
    expect(
      given(decider, withRule).when({ type: 'ChangeFormRule', data: { ruleId: 'r1', formId: 'form', for_field: 'f2', type: 'min_value', value: '-2.5', message: 'At least -2.5.' } }),
    ).toEqual([
      {
        type: 'FormRuleChanged',
        data: { rule: { id: 'r1', form: 'form', order: 'zzzzz', name: '', for_field: 'f2', type: 'min_value', value: '-2.5', message: 'At least -2.5.' } },
      },
    ]);
    expect(
      given(decider, withRule).when({ type: 'ChangeFormRule', data: { ruleId: 'r1', formId: 'form', for_field: 'f1', type: 'max_length', value: '10', message: 'Too long.' } }),
    ).toEqual([]);
    expect(given(decider, withRule).when({ type: 'MoveFormRule', data: { ruleId: 'r1', formId: 'form', order: 'c' } })).toEqual([
      { type: 'FormRuleMoved', data: { ruleId: 'r1', formId: 'form', order: 'c' } },
    ]);
    expect(given(decider, withRule).when({ type: 'DeleteFormRule', data: { ruleId: 'r1', formId: 'form' } })).toEqual([
      { type: 'FormRuleDeleted', data: { ruleId: 'r1', formId: 'form', forField: 'f1' } },
    ]);
  });

  it("deletes a field's rules; a rule of another field is refused", () => {
    const history = historyOf(
      createField('f1', 'Location'),
      createField('f2', 'Count', 'NUMBER'),
      createForm('form', 'Flood'),
      createGroup('g1', 'form', ['f1', 'f2']),
      createRule('r1', 'form', 'f1'),
      createRule('r2', 'form', 'f1', { type: 'pattern', value: '^[A-Z]' }),
      createRule('r3', 'form', 'f2', { type: 'max_value', value: '9' }),
    );
    const events = given(decider, history).when({ type: 'DeleteFieldRules', data: { fieldId: 'f1', rules: ['r1', 'r2', 'r1'] } });
    expect(events.map((event) => event.type)).toEqual(['FormRuleDeleted', 'FormRuleDeleted']);
    expect([...stateOf([...history, ...events]).rules.keys()]).toEqual(['r3']);
    expect(errorOf(() => given(decider, history).when({ type: 'DeleteFieldRules', data: { fieldId: 'f1', rules: ['r3'] } })).fields).toEqual({
      rules: ['Invalid pk "r3" - object does not exist. (not a rule of this field)'],
    });
    expect(errorOf(() => given(decider, history).when({ type: 'DeleteFieldRules', data: { fieldId: 'zz', rules: [] } })).kind).toBe('not_found');
  });
});

describe('rule values', () => {
  it.each([
    ['min_length', '0', '0'],
    ['max_length', ' 007 ', '7'],
    ['min_value', '-3.25', '-3.25'],
    ['max_value', '1e3', '1e3'],
    ['pattern', '^\\d{3}$', '^\\d{3}$'],
    ['not_before', '2024-02-29', '2024-02-29'],
    ['not_after', '2024-12-31T23:59:00Z', '2024-12-31T23:59:00Z'],
  ] as const)('accepts a %s of %j', (type, value, recorded) => {
    expect(checkRuleValue(type, value)).toEqual({ ok: true, value: recorded });
  });

  it('knows real calendar dates', () => {
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('2024-01-01T24:00')).toBe(false);
    expect(isIsoDate('2024-01-01T10:30')).toBe(true);
  });
});
