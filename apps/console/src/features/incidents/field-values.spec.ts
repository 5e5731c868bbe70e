import { describe, expect, it } from '@jest/globals';
import { fieldValueText, fromNumber, fromText, selectedOptionIds, textInputType } from '../../shared-ui/incident-fields/field-values';
import { FIELDS } from './testing/incident-fixtures';

describe('field values', () => {
  it('shows dates as DD/MM/YYYY, times without fractions, datetimes as DD/MM/YYYY and the time', () => {
    expect(fieldValueText({ ...FIELDS.occurred, field_type: 'DATE' }, ['2024-03-05'], 'Europe/London')).toBe('05/03/2024');
    expect(fieldValueText({ ...FIELDS.occurred, field_type: 'TIME' }, ['14:05:09.123'], 'Europe/London')).toBe('14:05:09');
    expect(fieldValueText({ ...FIELDS.occurred, field_type: 'DATETIME' }, ['2024-07-05T13:04:05.120Z'], 'Europe/London')).toBe('05/07/2024 14:04:05');
  });

  it('shows choices by their values, checkboxes as Yes or No, and leaves expired values out', () => {
    expect(fieldValueText(FIELDS.teams, ['opt-medical', 'opt-fire'], 'UTC')).toBe('Medical, Fire');
    expect(fieldValueText(FIELDS.contained, [true], 'UTC')).toBe('Yes');
    expect(fieldValueText(FIELDS.location, [{ value: 'Old dock', is_expired: true }], 'UTC')).toBe('');
  });

  it('reads a choice named by its id or by its value', () => {
    expect(selectedOptionIds(['High', 'opt-low', { value: 'x' }], FIELDS.severity.options)).toEqual(['opt-high', 'opt-low']);
  });

  it('accepts only text or number inputs, and takes blank as no value', () => {
    expect(textInputType('NUMBER')).toBe('number');
    expect(textInputType('TEXT')).toBe('text');
    expect(fromText('')).toEqual([]);
    expect(fromNumber('')).toEqual([]);
    expect(fromNumber('2.5')).toEqual([2.5]);
  });
});
