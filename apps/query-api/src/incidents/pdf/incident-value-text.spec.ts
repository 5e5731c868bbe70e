import type { IncidentValueEntry } from '@beacon/contracts';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime, incidentValueText } from './incident-value-text';

const london = { timeZone: 'Europe/London' };

describe('incident value text', () => {
  it.each([
    ['2024-03-01', '01/03/2024'],
    ['2024-12-31T00:00:00Z', '31/12/2024'],
    ['not a date', 'not a date'],
  ])('date %j → %j', (value, expected) => expect(formatDate(value)).toBe(expected));

  it.each([
    ['08:05:09.123456', '08:05:09'],
    ['8:05', '08:05'],
    ['23:59:59', '23:59:59'],
    ['1970-01-01T10:30:00.5Z', '10:30:00'],
  ])('time %j → %j (no fractions)', (value, expected) => expect(formatTime(value)).toBe(expected));

  it.each([
    ['2024-07-02T13:45:30.000Z', 'Europe/London', '02/07/2024 14:45'],
    ['2024-01-02T13:45:30Z', 'Europe/London', '02/01/2024 13:45'],
    ['2024-01-02T13:45:30+01:00', 'America/New_York', '02/01/2024 07:45'],
    ['2024-07-02T13:45', 'America/New_York', '02/07/2024 13:45'],
    ['2024-07-02T13:45:30.000Z', 'Not/AZone', '02/07/2024 14:45'],
  ])('datetime %j in %s → %j', (value, zone, expected) => expect(formatDateTime(value, zone)).toBe(expected));

  it('shows choices by their option text, skipping expired entries', () => {
    const options = [
      { id: 'a', field: 'f', value: 'Alpha' },
      { id: 'b', field: 'f', value: 'Beta' },
    ];
    expect(incidentValueText(['a', { value: 'b', is_expired: true }, { value: 'b' }], { fieldType: 'MULTISELECT', options, ...london })).toBe(
      'Alpha, Beta',
    );
    expect(incidentValueText([{ id: 'b', field: 'f', value: 'Beta' } as IncidentValueEntry], { fieldType: 'SINGLESELECT', options, ...london })).toBe('Beta');
  });

  it('shows checkboxes as Yes or No', () => {
    expect(incidentValueText([true], { fieldType: 'CHECKBOX', ...london })).toBe('Yes');
    expect(incidentValueText(['true'], { fieldType: 'CHECKBOX', ...london })).toBe('Yes');
    expect(incidentValueText([false], { fieldType: 'CHECKBOX', ...london })).toBe('No');
    expect(incidentValueText([], { fieldType: 'CHECKBOX', ...london })).toBe('No');
  });

  it('shows attachments by name and nothing as a dash', () => {
    const attachment = { url: '/api/incidents/attachment/k/', key: 'k', name: 'plan.pdf', created_at: '2024-01-01T00:00:00Z' };
    expect(incidentValueText([attachment], { fieldType: 'ATTACHMENT', ...london })).toBe('plan.pdf');
    expect(incidentValueText([], { fieldType: 'TEXT', ...london })).toBe('—');
    expect(incidentValueText(['', null as never], { fieldType: 'TEXT', ...london })).toBe('—');
  });
});
