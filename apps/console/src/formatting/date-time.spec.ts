import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time';

describe('formatDateTime', () => {
  it('shows the instant as DD/MM/YYYY HH:mm:ss in the given timezone', () => {
    expect(formatDateTime('2024-03-05T13:04:05.678Z', 'Europe/Oslo')).toBe('05/03/2024 14:04:05');
    expect(formatDateTime('2024-07-05T13:04:05Z', 'America/New_York')).toBe('05/07/2024 09:04:05');
  });

  it('shows midnight as 00, not 24', () => {
    expect(formatDateTime('2024-01-01T00:00:00Z', 'UTC')).toBe('01/01/2024 00:00:00');
  });

  it('falls back to the default timezone (Europe/London) for one the browser does not know', () => {
    expect(formatDateTime('2024-07-05T13:04:05Z', 'Not/AZone')).toBe('05/07/2024 14:04:05');
  });
});
