import type { IncidentValueEntry } from '@beacon/contracts';
import { describe, expect, it } from '@jest/globals';
import { incidentValueText } from './incident-value-text';

const london = { timeZone: 'Europe/London' };

describe('incident value text', () => {
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
