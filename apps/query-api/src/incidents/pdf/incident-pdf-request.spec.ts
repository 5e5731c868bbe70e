import { describe, expect, it } from '@jest/globals';
import { incidentPdfFileName, requestedVersion } from './incident-pdf-request';

describe('requestedVersion', () => {
  it('is absent when neither body nor query names one', () => {
    expect(requestedVersion(undefined, undefined)).toBeUndefined();
    expect(requestedVersion(null, '')).toBeUndefined();
  });

  it('takes the body first, then the query', () => {
    expect(requestedVersion(2, '5')).toBe(2);
    expect(requestedVersion(undefined, '5')).toBe(5);
  });

  it.each([0, -1, 1.5, 'abc', '1e3', true, {}])('refuses %j with a 400 naming the field', (value) => {
    expect(() => requestedVersion(value)).toThrow(expect.objectContaining({ kind: 'validation', fields: { version: ['A valid integer is required.'] } }));
  });
});

describe('incidentPdfFileName', () => {
  it('is "<module>-<title>.pdf"', () => {
    expect(incidentPdfFileName('Incident', 'Warehouse fire')).toBe('Incident-Warehouse fire.pdf');
  });

  it('keeps slashes and odd characters out of the name', () => {
    expect(incidentPdfFileName('Case', 'Fire 1/2: "east" wing\r\n')).toBe('Case-Fire 1_2_ _east_ wing.pdf');
  });

  it('stays short', () => {
    expect([...incidentPdfFileName('Incident', 'x'.repeat(500))].length).toBeLessThanOrEqual(154);
  });
});
