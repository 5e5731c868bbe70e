import { describe, expect, it } from '@jest/globals';
import { FORM } from '../testing/incident-fixtures';
import { breaksRule, formRuleErrors } from './incident-rules';

const rule = (type: Parameters<typeof breaksRule>[0]['type'], value: string) => ({ type, value });

describe('form rules on incident values', () => {
  it.each([
    ['min_length', '3', 'TEXT', ['ab'], true],
    ['min_length', '3', 'TEXT', ['abc'], false],
    ['max_length', '3', 'TEXTAREA', ['abcd'], true],
    ['max_length', '3', 'TEXTAREA', ['abc', 'de'], false],
    ['min_length', '2', 'MULTISELECT', ['a'], true],
    ['max_length', '1', 'ATTACHMENT', [{ key: 'a', name: 'a', url: '', created_at: '' }, { key: 'b', name: 'b', url: '', created_at: '' }], true],
    ['max_length', '1', 'NUMBER', [12345], false],
    ['min_value', '0', 'NUMBER', [-1], true],
    ['min_value', '0', 'NUMBER', [0], false],
    ['max_value', '10.5', 'NUMBER', [10.6], true],
    ['max_value', '10.5', 'NUMBER', [10.5], false],
    ['pattern', '^[A-Z]{2}\\d+$', 'TEXT', ['AB12'], false],
    ['pattern', '^[A-Z]{2}\\d+$', 'TEXT', ['ab12'], true],
    ['pattern', '^\\d{3}$', 'NUMBER', [1234], true],
    ['not_before', '2024-03-01', 'DATE', ['2024-02-29'], true],
    ['not_before', '2024-03-01', 'DATE', ['2024-03-01'], false],
    ['not_after', '2024-03-01', 'DATE', ['2024-03-02'], true],
    ['not_after', '2024-03-01T12:00', 'DATETIME', ['2024-03-01T12:30:00Z'], true],
    ['not_after', '2024-03-01T12:00', 'DATETIME', ['2024-03-01T13:30:00+02:00'], false],
    ['not_before', '2024-03-01', 'DATETIME', ['2024-02-29T23:59:59Z'], true],
    ['not_before', '2024-03-01', 'TEXT', ['2000-01-01'], false],
  ] as const)('%s %s on %s %j: broken %s', (type, value, fieldType, values, broken) => {
    expect(breaksRule(rule(type, value), fieldType, values)).toBe(broken);
  });

  it('lets an empty field break no rule, and skips a limit it cannot read', () => {
    expect(breaksRule(rule('min_length', '3'), 'TEXT', [])).toBe(false);
    expect(breaksRule(rule('min_value', 'many'), 'NUMBER', [-5])).toBe(false);
    expect(breaksRule(rule('pattern', '(['), 'TEXT', ['x'])).toBe(false);
    expect(breaksRule(rule('not_before', 'soon'), 'DATE', ['2000-01-01'])).toBe(false);
  });

  it('lists each broken rule of the form once, in rule order', () => {
    const values = [
      { field: 'people', field_group: 'details', field_type: 'NUMBER' as const, values: [-1, -2] },
      { field: 'location', field_group: 'details', field_type: 'TEXT' as const, values: ['x'.repeat(21)] },
    ];
    expect(formRuleErrors(FORM, values).map((error) => error.for_field)).toEqual(['location', 'people']);
    expect(formRuleErrors(FORM, [])).toEqual([]);
  });
});
