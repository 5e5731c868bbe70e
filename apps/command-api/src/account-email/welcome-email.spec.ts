import { describe, expect, it } from '@jest/globals';
import { APPROVED_SUBJECT, setPasswordLink, validityInWords, welcomeEmail, WELCOME_SUBJECT } from './welcome-email';

describe('the welcome email', () => {
  const link = setPasswordLink('https://beacon.example', 'user 1', 'tok');
  const input = { tenantId: 't1', to: 'ann@example.test', firstName: 'Ann', link, validSeconds: 7 * 86_400, approved: false };

  it('links to the Set Password page, the user id encoded', () => {
    expect(link).toBe('https://beacon.example/ui/reset/user%201/tok');
  });

  it('greets the user, gives the link, its single use and its lifetime; the link is its only secret', () => {
    const email = welcomeEmail(input);
    expect(email).toMatchObject({ kind: 'welcome', to: 'ann@example.test', subject: WELCOME_SUBJECT, secrets: [link] });
    expect(email.text).toContain('Hello Ann,');
    expect(email.text).toContain('An account has been created for you: ann@example.test.');
    expect(email.text).toContain(link);
    expect(email.text).toContain('The link works once and expires in 7 days.');
  });

  it('says the account was approved when it was', () => {
    const email = welcomeEmail({ ...input, approved: true });
    expect(email.subject).toBe(APPROVED_SUBJECT);
    expect(email.text).toContain('Your account ann@example.test has been approved.');
  });

  it('tells the lifetime in the largest whole unit', () => {
    expect([86_400, 2 * 86_400, 36 * 3600, 90 * 60, 45].map(validityInWords)).toEqual(['1 day', '2 days', '36 hours', '90 minutes', '45 seconds']);
  });
});
