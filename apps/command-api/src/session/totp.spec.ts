import { describe, expect, it } from '@jest/globals';
import { TOTP, Secret } from 'otpauth';
import { acceptedTotpStep, newTotpSecret, otpauthUrl } from './totp';

const codeAt = (secret: string, time: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: time });
const now = new Date('2025-01-01T10:00:10.000Z');
const step = Math.floor(now.getTime() / 30_000);

describe('TOTP', () => {
  const secret = newTotpSecret();

  it('builds an otpauth:// URI for the user', () => {
    const url = otpauthUrl(secret, 'ann@example.test');
    expect(url).toMatch(/^otpauth:\/\/totp\/Beacon:ann%40example\.test\?/);
    expect(url).toContain(`secret=${secret}`);
  });

  it('accepts the code of the current step and of one step either side, and nothing further', () => {
    expect(acceptedTotpStep(secret, codeAt(secret, now.getTime()), now, null)).toBe(step);
    expect(acceptedTotpStep(secret, codeAt(secret, now.getTime() - 30_000), now, null)).toBe(step - 1);
    expect(acceptedTotpStep(secret, codeAt(secret, now.getTime() + 30_000), now, null)).toBe(step + 1);
    expect(acceptedTotpStep(secret, codeAt(secret, now.getTime() + 60_000), now, null)).toBeNull();
    expect(acceptedTotpStep(secret, codeAt(secret, now.getTime() - 60_000), now, null)).toBeNull();
  });

  it('accepts a code once: not at or before the last accepted step', () => {
    const code = codeAt(secret, now.getTime());
    expect(acceptedTotpStep(secret, code, now, step)).toBeNull();
    expect(acceptedTotpStep(secret, code, now, step - 1)).toBe(step);
  });

  it('refuses anything that is not six digits', () => {
    expect(acceptedTotpStep(secret, 'abcdef', now, null)).toBeNull();
    expect(acceptedTotpStep(secret, '', now, null)).toBeNull();
  });
});
