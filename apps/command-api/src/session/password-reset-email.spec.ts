import { describe, expect, it } from '@jest/globals';
import { lifetimeInWords, passwordResetEmail, passwordResetLink } from './password-reset-email';

describe('password reset email', () => {
  it('links to the console route /reset/{uid}/{token} under the public URL', () => {
    expect(passwordResetLink('https://beacon.example.org', 'u-1', 'abc')).toBe('https://beacon.example.org/ui/reset/u-1/abc');
  });

  it('says how long the link works, in words', () => {
    expect([3600, 7200, 900, 60, 90, 1].map(lifetimeInWords)).toEqual(['1 hour', '2 hours', '15 minutes', '1 minute', '90 seconds', '1 second']);
    const email = passwordResetEmail({ tenantId: 't', to: 'ann@example.test', link: 'L', validSeconds: 3600 });
    expect(email).toMatchObject({ kind: 'password_reset', to: 'ann@example.test', subject: 'Reset your password' });
    expect(email.text).toContain('\nL\n');
    expect(email.secrets).toEqual(['L']);
    expect(email.text).toContain('The link works once and expires in 1 hour.');
  });
});
