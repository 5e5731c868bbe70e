import { describe, expect, it } from '@jest/globals';
import { given } from '../shared/given-when-then';
import { EventFields } from '../shared/activity';
import { emailSuppressionActivity } from './email-suppression.activity';
import { emailSuppressionDecider, emailSuppressionStream, NOT_SUPPRESSED_MESSAGE, SUPPRESSION_DETAIL_MAX_LENGTH, type SuppressEmailAddress } from './email-suppression';
import type { EmailSuppressionEvent } from './email-suppression.events';

const T0 = '2026-03-01T10:00:00.000Z';
const T1 = '2026-03-02T10:00:00.000Z';

const suppress = (overrides: Partial<SuppressEmailAddress['data']> = {}): SuppressEmailAddress => ({
  type: 'SuppressEmailAddress',
  data: { email: 'Ann@Example.TEST', userId: 'u1', reason: 'bounce', detail: '550 5.1.1 user unknown', source: 'smtp', now: T0, ...overrides },
});

const bounced: EmailSuppressionEvent = {
  type: 'EmailAddressSuppressed',
  data: { email: 'ann@example.test', userId: 'u1', reason: 'bounce', detail: '550 5.1.1 user unknown', source: 'smtp', suppressedAt: T0 },
};
const cleared: EmailSuppressionEvent = { type: 'EmailSuppressionCleared', data: { email: 'ann@example.test', userId: 'u1', reason: 'bounce' } };

describe('email suppression decider', () => {
  it('suppresses an address, lower-cased, since the time of the command', () => {
    expect(given(emailSuppressionDecider, []).when(suppress())).toEqual([bounced]);
  });

  it('records nothing for a second report of the same reason, so the date stays the first one', () => {
    expect(given(emailSuppressionDecider, [bounced]).when(suppress({ now: T1, detail: 'again' }))).toEqual([]);
  });

  it('records a complaint after a bounce: the latest reason is the one that stands', () => {
    const events = given(emailSuppressionDecider, [bounced]).when(suppress({ reason: 'complaint', detail: 'spam', source: 'provider_callback', now: T1 }));
    expect(events).toEqual([
      { type: 'EmailAddressSuppressed', data: { email: 'ann@example.test', userId: 'u1', reason: 'complaint', detail: 'spam', source: 'provider_callback', suppressedAt: T1 } },
    ]);
  });

  it('keeps at most SUPPRESSION_DETAIL_MAX_LENGTH characters of what the provider said', () => {
    const [event] = given(emailSuppressionDecider, []).when(suppress({ detail: 'x'.repeat(SUPPRESSION_DETAIL_MAX_LENGTH + 50) }));
    expect(event?.type === 'EmailAddressSuppressed' && event.data.detail.length).toBe(SUPPRESSION_DETAIL_MAX_LENGTH);
  });

  it('clears a suppression, naming the reason that was cleared', () => {
    expect(given(emailSuppressionDecider, [bounced]).when({ type: 'ClearEmailSuppression', data: { email: 'ANN@example.test', userId: 'u1' } })).toEqual([cleared]);
  });

  it('answers not found when the address is not suppressed (never was, or was cleared)', () => {
    const clear = { type: 'ClearEmailSuppression', data: { email: 'ann@example.test', userId: 'u1' } } as const;
    expect(() => given(emailSuppressionDecider, []).when(clear)).toThrow(NOT_SUPPRESSED_MESSAGE);
    expect(() => given(emailSuppressionDecider, [bounced, cleared]).when(clear)).toThrow(NOT_SUPPRESSED_MESSAGE);
  });

  it('suppresses again after a clearing', () => {
    expect(given(emailSuppressionDecider, [bounced, cleared]).when(suppress({ now: T1 }))).toHaveLength(1);
  });

  it('keeps one stream per organisation and address, whatever the case of the address', () => {
    expect(emailSuppressionStream('root-1', ' Ann@Example.test')).toBe('email_suppression-root-1-ann@example.test');
    expect(emailSuppressionStream('root-2', 'ann@example.test')).not.toBe(emailSuppressionStream('root-1', 'ann@example.test'));
  });
});

describe('email suppression activity', () => {
  const metadata = { actorUserId: null };
  it('tells a suppression with its reason, about the user who held the address', () => {
    const description = emailSuppressionActivity.EmailAddressSuppressed(new EventFields(bounced.data), { ...bounced, metadata });
    expect(description).toMatchObject({ category: 'user', summary: 'Stopped emailing ann@example.test: it bounced', targetUserId: 'u1' });
  });

  it('tells a clearing', () => {
    const description = emailSuppressionActivity.EmailSuppressionCleared(new EventFields(cleared.data), { ...cleared, metadata });
    expect(description).toMatchObject({ summary: 'Cleared the email suppression of ann@example.test', details: { reason: 'bounce' } });
  });
});
