import { describe, expect, it } from '@jest/globals';
import { given } from '../shared/given-when-then';
import { EMPTY_RECIPIENTS, newScenarioDraft, type ScenarioDraft } from '../message/scenario-draft';
import { messageSessionDecider, NOT_SENT_YET, STILL_PLANNING } from './message-session.decide';
import type { MessageSessionEvent, MessageSessionOrigin } from './message-session.events';

const AT = '2026-11-26T10:00:00.000Z';
const later = (minutes: number) => new Date(Date.parse(AT) + minutes * 60_000).toISOString();
const scenario: ScenarioDraft = {
  ...newScenarioDraft({ ttsVoice: 'Amy', language: 'en-GB' }),
  scenario_name: 'Site evacuation',
  recipients: { ...EMPTY_RECIPIENTS, include: [{ recipient_type: 'everyone', recipient_value: [] }] },
};
const originOf = (draft: Partial<ScenarioDraft> = {}): MessageSessionOrigin => ({
  sessionId: 's1',
  scenarioId: 'm1',
  customerGroupId: 'g1',
  senderUserId: 'u1',
  scenario: { ...scenario, ...draft },
  timeoutSeconds: 1800,
});
const started = (draft: Partial<ScenarioDraft> = {}): MessageSessionEvent => ({ type: 'MessageSessionStarted', data: { ...originOf(draft), at: AT } });
const planned = (followUpDue?: string): MessageSessionEvent => ({
  type: 'MessageSessionPlanned',
  data: { sessionId: 's1', pages: 1, recipients: 2, deliveries: 3, devices: 3, at: AT, ...(followUpDue ? { followUpDue } : {}) },
});
const completed: MessageSessionEvent = { type: 'MessageSessionCompleted', data: { sessionId: 's1', at: AT } };
const resend = { type: 'ResendMessageSession', data: { reply: 'No Response', requestedBy: 'u2', at: later(5) } } as const;
const resent = (followUp = 1): MessageSessionEvent => ({
  type: 'MessageSessionFollowUpStarted',
  data: { sessionId: 's1', followUp, kind: 'resend', step: null, reply: 'No Response', requestedBy: 'u2', at: later(5) },
});
const followUpPlanned = (followUp: number, deliveries: number, at = later(5), followUpDue?: string): MessageSessionEvent => ({
  type: 'MessageSessionFollowUpPlanned',
  data: { sessionId: 's1', followUp, pages: 1, deliveries, at, ...(followUpDue ? { followUpDue } : {}) },
});
const complete = { type: 'CompleteMessageSession', data: { at: later(6) } } as const;
const tick = (minutes: number) => ({ type: 'StartDueFollowUp', data: { at: later(minutes) } }) as const;

describe('a resend to those with no reply', () => {
  it('starts a follow-up of a session sending or complete; a complete one is sending again', () => {
    expect(given(messageSessionDecider, [started(), planned()]).when(resend)).toEqual([resent()]);
    expect(given(messageSessionDecider, [started(), planned(), completed]).when(resend)).toEqual([resent()]);
  });

  it('is refused before the message has gone out, and while it is still being queued', () => {
    const scheduled: MessageSessionEvent = { type: 'MessageSessionScheduled', data: { ...originOf(), scheduledFor: later(60), at: AT } };
    expect(() => given(messageSessionDecider, [scheduled]).when(resend)).toThrow(NOT_SENT_YET);
    expect(() => given(messageSessionDecider, [started()]).when(resend)).toThrow(STILL_PLANNING);
  });

  it('asked again while being queued records nothing; once queued, a second resend is a follow-up of its own', () => {
    expect(given(messageSessionDecider, [started(), planned(), resent()]).when(resend)).toEqual([]);
    expect(given(messageSessionDecider, [started(), planned(), resent(), followUpPlanned(1, 2)]).when(resend)).toEqual([resent(2)]);
  });

  it('keeps the session from completing until its deliveries are queued', () => {
    expect(given(messageSessionDecider, [started(), planned(), completed, resent()]).when(complete)).toEqual([]);
    expect(given(messageSessionDecider, [started(), planned(), completed, resent()]).when({ type: 'RecordFollowUpPlanned', data: { followUp: 1, pages: 1, deliveries: 2, at: later(5) } })).toEqual([
      followUpPlanned(1, 2),
    ]);
    expect(given(messageSessionDecider, [started(), planned(), completed, resent(), followUpPlanned(1, 2)]).when(complete)).toEqual([
      { type: 'MessageSessionCompleted', data: { sessionId: 's1', at: later(6) } },
    ]);
  });
});

describe('the auto-retry', () => {
  const retrying = { auto_retry: true, auto_retry_minutes: 2 };

  it('falls due auto_retry_minutes after the plan, which says when', () => {
    expect(given(messageSessionDecider, [started(retrying)]).when({ type: 'RecordMessageSessionPlanned', data: { pages: 1, recipients: 2, deliveries: 3, devices: 3, at: AT } })).toEqual([
      planned(later(2)),
    ]);
  });

  it('starts once its time has come, once, even after the session completed (it is sending again)', () => {
    const history = [started(retrying), planned(later(2))];
    expect(given(messageSessionDecider, history).when(tick(1))).toEqual([]);
    expect(given(messageSessionDecider, [...history, completed]).when(tick(2))).toHaveLength(1);
    const retry: MessageSessionEvent = { type: 'MessageSessionFollowUpStarted', data: { sessionId: 's1', followUp: 1, kind: 'auto_retry', step: null, reply: null, requestedBy: null, at: later(2) } };
    expect(given(messageSessionDecider, history).when(tick(2))).toEqual([retry]);
    expect(given(messageSessionDecider, [...history, retry]).when(tick(3))).toEqual([]);
    expect(given(messageSessionDecider, [...history, retry, followUpPlanned(1, 1, later(2))]).when(tick(10))).toEqual([]);
    expect(given(messageSessionDecider, [...history, retry, followUpPlanned(1, 1, later(2))]).when(complete)).toHaveLength(1);
  });

  it('has no timer without auto_retry, nor in sessions planned before plans recorded their devices', () => {
    expect(given(messageSessionDecider, [started(), planned()]).when(tick(60))).toEqual([]);
    const old: MessageSessionEvent = { type: 'MessageSessionPlanned', data: { sessionId: 's1', pages: 1, recipients: 2, deliveries: 3, at: AT } };
    expect(given(messageSessionDecider, [started(retrying), old]).when(tick(60))).toEqual([]);
  });
});

describe('a sequence', () => {
  const sequence = { scenario_type: 'sequence' as const, sequence_time: 5 };
  const step = (n: number, at: string): MessageSessionEvent => ({
    type: 'MessageSessionFollowUpStarted',
    data: { sessionId: 's1', followUp: n, kind: 'sequence', step: n, reply: null, requestedBy: null, at },
  });

  it('tries the next device sequence_time after the last step, while devices remain and the last step sent something', () => {
    const history = [started(sequence), planned(later(5))];
    expect(given(messageSessionDecider, history).when(tick(4))).toEqual([]);
    expect(given(messageSessionDecider, history).when(tick(5))).toEqual([step(1, later(5))]);
    expect(given(messageSessionDecider, [...history, step(1, later(5))]).when({ type: 'RecordFollowUpPlanned', data: { followUp: 1, pages: 1, deliveries: 2, at: later(5) } })).toEqual([
      followUpPlanned(1, 2, later(5), later(10)),
    ]);
    const second = [...history, step(1, later(5)), followUpPlanned(1, 2, later(5), later(10))];
    expect(given(messageSessionDecider, second).when(tick(10))).toEqual([step(2, later(10))]);
    // The plan had three devices: after the third, nothing more is due and the session may complete.
    const third = [...second, step(2, later(10)), followUpPlanned(2, 1, later(10))];
    expect(given(messageSessionDecider, third).when(tick(60))).toEqual([]);
    expect(given(messageSessionDecider, third).when(complete)).toHaveLength(1);
  });

  it('stops when a step sent nothing (everyone had answered)', () => {
    const history = [started(sequence), planned(later(5)), step(1, later(5)), followUpPlanned(1, 0, later(5))];
    expect(given(messageSessionDecider, history).when(tick(60))).toEqual([]);
  });

  it('with auto-retry, retries auto_retry_minutes after its last step', () => {
    const history = [started({ ...sequence, auto_retry: true, auto_retry_minutes: 2 }), planned(later(5)), step(1, later(5)), followUpPlanned(1, 0, later(5), later(7))];
    expect(given(messageSessionDecider, history).when(tick(7))).toEqual([
      { type: 'MessageSessionFollowUpStarted', data: { sessionId: 's1', followUp: 2, kind: 'auto_retry', step: null, reply: null, requestedBy: null, at: later(7) } },
    ]);
  });
});
