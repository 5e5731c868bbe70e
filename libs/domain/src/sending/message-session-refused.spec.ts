import { describe, expect, it } from '@jest/globals';
import { EventFields } from '../shared/activity';
import { foldEvents } from '../shared/decider';
import { given } from '../shared/given-when-then';
import { quotaRefusalText, type QuotaShortfall } from '../organisation/daily-quotas';
import { MESSAGE_SESSION_NOT_FOUND, NOT_SENT_YET, messageSessionDecider } from './message-session.decide';
import type { MessageSessionEvent } from './message-session.events';
import type { RefuseMessageSession } from './message-session.commands';
import { messageSessionActivity } from './message-session.activity';
import { EVACUATION_ORIGIN } from '../testing/message-session-fixtures';

const AT = '2026-03-30T10:00:00.000Z';
const LATER = '2026-03-30T10:00:05.000Z';
const origin = EVACUATION_ORIGIN;
const started: MessageSessionEvent = { type: 'MessageSessionStarted', data: { ...origin, at: AT } };
const scheduled: MessageSessionEvent = { type: 'MessageSessionScheduled', data: { ...origin, scheduledFor: '2026-03-31T09:00:00.000Z', at: AT } };
const planned: MessageSessionEvent = { type: 'MessageSessionPlanned', data: { sessionId: 's1', pages: 1, recipients: 2, deliveries: 3, at: AT } };
const completed: MessageSessionEvent = { type: 'MessageSessionCompleted', data: { sessionId: 's1', at: AT } };

const shortfall: QuotaShortfall = { channel: 'SMS', needed: 120, used: 950, quota: 1000, day: '2026-03-30' };
const refuse: RefuseMessageSession = { type: 'RefuseMessageSession', data: { quota: shortfall, at: LATER } };
const refused: MessageSessionEvent = {
  type: 'MessageSessionRefused',
  data: {
    sessionId: 's1',
    reason: "This send needs 120 messages by SMS, and the organisation's daily SMS quota is 1,000 messages: 950 used today, 50 left. Nothing was sent.",
    quota: shortfall,
    at: LATER,
  },
};
const resend = { type: 'ResendMessageSession', data: { reply: 'No Response', requestedBy: 'u1', at: LATER } } as const;

describe('a message session refused by a daily quota', () => {
  it('is refused while planning, saying why with the numbers, and is then refused', () => {
    const events = given(messageSessionDecider, [started]).when(refuse);
    expect(events).toEqual([refused]);
    expect(events[0]!.type === 'MessageSessionRefused' && events[0]!.data.reason).toBe(quotaRefusalText(shortfall));
    const state = foldEvents(messageSessionDecider, [started, ...events]);
    expect(state.status).toBe('refused');
    // Nothing else of the session changes: it was never planned.
    expect(state.status !== 'none' && [state.deliveries, state.plannedAt, state.startedAt]).toEqual([null, null, AT]);
  });

  it('is refused once: asked again, it records nothing', () => {
    expect(given(messageSessionDecider, [started, refused]).when(refuse)).toEqual([]);
  });

  it('records nothing once its plan is queued, sending or complete, or before it starts', () => {
    expect(given(messageSessionDecider, [started, planned]).when(refuse)).toEqual([]);
    expect(given(messageSessionDecider, [started, planned, completed]).when(refuse)).toEqual([]);
    expect(given(messageSessionDecider, [scheduled]).when(refuse)).toEqual([]);
    expect(foldEvents(messageSessionDecider, [started, planned]).status).toBe('sending');
  });

  it('answers not found for a session that does not exist', () => {
    expect(() => given(messageSessionDecider, []).when(refuse)).toThrow(expect.objectContaining({ kind: 'not_found', message: MESSAGE_SESSION_NOT_FOUND }));
  });

  it('is not resent: nothing of it was sent', () => {
    expect(() => given(messageSessionDecider, [started, refused]).when(resend)).toThrow(expect.objectContaining({ kind: 'illegal_state', message: NOT_SENT_YET }));
  });

  it('neither plans nor completes once refused', () => {
    expect(given(messageSessionDecider, [started, refused]).when({ type: 'RecordMessageSessionPlanned', data: { pages: 1, recipients: 2, deliveries: 3, at: LATER } })).toEqual([]);
    expect(given(messageSessionDecider, [started, refused]).when({ type: 'CompleteMessageSession', data: { at: LATER } })).toEqual([]);
    expect(given(messageSessionDecider, [started, refused]).when({ type: 'StartDueFollowUp', data: { at: '2026-03-31T10:00:00.000Z' } })).toEqual([]);
  });

  it('is told in the activity log with the refusal’s words', () => {
    const description = messageSessionActivity.MessageSessionRefused(new EventFields(refused.data as never), { ...refused, metadata: {} });
    expect(description.summary.startsWith('Refused a message:')).toBe(true);
    expect(description.summary).toBe(`Refused a message: ${quotaRefusalText(shortfall)}`);
    expect(description.category).toBe('message');
    expect(description.details).toEqual({ session_id: 's1' });
  });
});
