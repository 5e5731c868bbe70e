import { describe, expect, it } from '@jest/globals';
import { tokenLifetimeMs } from './token-lifetime';

const now = Date.parse('2025-03-01T10:00:00Z');

describe('token lifetime from the token expiry answer', () => {
  it.each([
    ['a number of seconds', 1700, 1_700_000],
    ['seconds as text', '900', 900_000],
    ['an absolute expiry', '2025-03-01T10:28:20Z', 1_700_000],
    ['an absolute expiry with an offset', '2025-03-01T11:05:00+01:00', 300_000],
    ['an expiry already past', '2025-03-01T09:00:00Z', 0],
  ])('reads %s', (_case, tokenExpiry, expected) => {
    expect(tokenLifetimeMs({ token_expiry: tokenExpiry }, now)).toBe(expected);
  });

  it.each([
    ['nothing', null],
    ['an empty text', ''],
    ['zero', 0],
    ['a negative number', -5],
    ['not a date', 'tomorrow-ish'],
  ])('gives null for %s', (_case, tokenExpiry) => {
    expect(tokenLifetimeMs({ token_expiry: tokenExpiry }, now)).toBeNull();
  });
});
