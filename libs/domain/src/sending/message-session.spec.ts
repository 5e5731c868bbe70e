import { describe, expect, it } from '@jest/globals';
import { EventFields } from '../shared/activity';
import { given } from '../shared/given-when-then';
import { EMPTY_RECIPIENTS, type ScenarioDraft } from '../message/scenario-draft';
import { NAME_DUPLICATE, NO_RECIPIENTS, type ScenarioCatalogue } from '../message/scenario-rules';
import { DomainError } from '../shared/domain-errors';
import { MESSAGE_SESSION_NOT_FOUND, NOT_SCHEDULED, SCHEDULE_IN_THE_PAST, SUSPENDED_WHEN_DUE, messageSessionDecider } from './message-session.decide';
import { MESSAGE_SESSION_EVENT_VERSIONS, type MessageSessionEvent } from './message-session.events';
import { messageSessionActivity } from './message-session.activity';
import { EVACUATION, EVACUATION_ORIGIN, SMS_DEVICE } from '../testing/message-session-fixtures';
import { DELIVERY_REPORT_EVENT_VERSIONS } from './delivery-reports';
import { MESSAGE_SESSION_PAGE_EVENT_VERSIONS, deliveryIdOf, messageSessionPageDecider, nextAttemptId } from './message-session-page';
import { MESSAGE_SESSION_FOLLOW_UP_PAGE_EVENT_VERSIONS } from './message-session-follow-up-page';
import { MESSAGE_SESSION_CONFERENCE_EVENT_VERSIONS } from './conference';
import { CONFERENCE_RECORDING_EVENT_VERSIONS } from './conference-recording';

const AT = '2026-11-26T10:00:00.000Z';
const catalogue: ScenarioCatalogue = {
  rootPermissions: ['SMS'],
  groupCount: 1,
  groupIds: new Set(['g1']),
  deviceIds: new Set([SMS_DEVICE.id]),
  userIds: new Set(),
  options: new Map(),
  noticeboardNumbers: [],
  scenarioIds: new Set(),
  uploads: new Map(),
  nameTaken: false,
  messageIdTaken: false,
};
const origin = EVACUATION_ORIGIN;
const scenario = EVACUATION;
const started: MessageSessionEvent = { type: 'MessageSessionStarted', data: { ...origin, at: AT } };
const scheduled: MessageSessionEvent = { type: 'MessageSessionScheduled', data: { ...origin, scheduledFor: '2026-11-27T09:00:00.000Z', at: AT } };
const planned: MessageSessionEvent = { type: 'MessageSessionPlanned', data: { sessionId: 's1', pages: 1, recipients: 2, deliveries: 3, at: AT } };

describe('a message session', () => {
  it('starts once: a repeated send of the same session records nothing', () => {
    expect(given(messageSessionDecider, []).when({ type: 'StartMessageSession', data: { ...origin, catalogue, at: AT } })).toEqual([started]);
    expect(given(messageSessionDecider, [started]).when({ type: 'StartMessageSession', data: { ...origin, catalogue, at: AT } })).toEqual([]);
  });

  it('checks the message as a save does, by tab, except that its name may be taken (nothing is kept)', () => {
    const send = (draft: ScenarioDraft, known: Partial<ScenarioCatalogue> = {}) =>
      given(messageSessionDecider, []).when({ type: 'StartMessageSession', data: { ...origin, scenario: draft, catalogue: { ...catalogue, ...known }, at: AT } });
    expect(send(scenario, { nameTaken: true })).toHaveLength(1);
    const refusal = (() => {
      try {
        send({ ...scenario, recipients: EMPTY_RECIPIENTS });
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).fields).toEqual(expect.objectContaining({ recipients: [NO_RECIPIENTS] }));
    expect((refusal as DomainError).fields).not.toHaveProperty('name', [NAME_DUPLICATE]);
  });

  it('is scheduled for a time to come, and starts when it falls due, once', () => {
    expect(given(messageSessionDecider, []).when({ type: 'ScheduleMessageSession', data: { ...origin, catalogue, scheduledFor: '2026-11-27T09:00:00.000Z', at: AT } })).toEqual([
      scheduled,
    ]);
    expect(() => given(messageSessionDecider, []).when({ type: 'ScheduleMessageSession', data: { ...origin, catalogue, scheduledFor: AT, at: AT } })).toThrow(SCHEDULE_IN_THE_PAST);
    const due = '2026-11-27T09:00:01.000Z';
    expect(given(messageSessionDecider, [scheduled]).when({ type: 'StartScheduledMessageSession', data: { at: due, timezone: 'Europe/London' } })).toEqual([
      { type: 'MessageSessionStarted', data: { ...origin, at: due } },
    ]);
    expect(given(messageSessionDecider, [scheduled, started]).when({ type: 'StartScheduledMessageSession', data: { at: due, timezone: 'Europe/London' } })).toEqual([]);
  });

  it('is skipped, saying why, when its organisation is suspended as it falls due (not held to go out late)', () => {
    const due = '2026-11-27T09:00:01.000Z';
    expect(given(messageSessionDecider, [scheduled]).when({ type: 'StartScheduledMessageSession', data: { at: due, timezone: 'Pacific/Auckland', suspended: true } })).toEqual([
      {
        type: 'MessageSessionSkipped',
        data: { sessionId: origin.sessionId, scheduledFor: '2026-11-27T09:00:00.000Z', reasons: ['suspended'], localDate: '2026-11-27', holidays: [], reason: SUSPENDED_WHEN_DUE, at: due },
      },
    ]);
  });

  it('is planned once, then completes once', () => {
    const plannedCommand = { type: 'RecordMessageSessionPlanned', data: { pages: 1, recipients: 2, deliveries: 3, at: AT } } as const;
    expect(given(messageSessionDecider, [started]).when(plannedCommand)).toEqual([planned]);
    expect(given(messageSessionDecider, [started, planned]).when(plannedCommand)).toEqual([]);
    expect(given(messageSessionDecider, [started]).when({ type: 'CompleteMessageSession', data: { at: AT } })).toEqual([]);
    expect(given(messageSessionDecider, [started, planned]).when({ type: 'CompleteMessageSession', data: { at: AT } })).toEqual([
      { type: 'MessageSessionCompleted', data: { sessionId: 's1', at: AT } },
    ]);
    expect(() => given(messageSessionDecider, []).when({ type: 'CompleteMessageSession', data: { at: AT } })).toThrow(MESSAGE_SESSION_NOT_FOUND);
  });

  it('cancels only while scheduled', () => {
    expect(given(messageSessionDecider, [scheduled]).when({ type: 'CancelMessageSession', data: { at: AT } })).toEqual([
      { type: 'MessageSessionCancelled', data: { sessionId: 's1', at: AT } },
    ]);
    expect(() => given(messageSessionDecider, [started]).when({ type: 'CancelMessageSession', data: { at: AT } })).toThrow(NOT_SCHEDULED);
  });

  it('writes a page of its plan once', () => {
    const page = { sessionId: 's1', page: 0, recipients: 1, last: 'u1', final: true, deliveries: [], at: AT };
    expect(given(messageSessionPageDecider, []).when({ type: 'QueueMessageSessionPage', data: page })).toEqual([{ type: 'MessageSessionPageQueued', data: page }]);
    expect(given(messageSessionPageDecider, [{ type: 'MessageSessionPageQueued', data: page }]).when({ type: 'QueueMessageSessionPage', data: page })).toEqual([]);
  });

  it('names each delivery by (session, recipient, device, attempt), and the next attempt from the last', () => {
    expect(deliveryIdOf('s1', 'u1', 'f1:SMS')).toBe('s1.u1.f1:SMS.1');
    expect(nextAttemptId('s1.u1.f1:SMS.1')).toBe('s1.u1.f1:SMS.2');
    expect(nextAttemptId(nextAttemptId('s1.u1.f1:SMS.1'))).toBe('s1.u1.f1:SMS.3');
  });

  it('tells every event type in the activity log, by the message’s name', () => {
    expect(Object.keys(messageSessionActivity).sort()).toEqual([...Object.keys(MESSAGE_SESSION_EVENT_VERSIONS), ...Object.keys(MESSAGE_SESSION_PAGE_EVENT_VERSIONS), ...Object.keys(MESSAGE_SESSION_FOLLOW_UP_PAGE_EVENT_VERSIONS), ...Object.keys(DELIVERY_REPORT_EVENT_VERSIONS), ...Object.keys(MESSAGE_SESSION_CONFERENCE_EVENT_VERSIONS), ...Object.keys(CONFERENCE_RECORDING_EVENT_VERSIONS)].sort());
    expect(messageSessionActivity.MessageSessionStarted(new EventFields(started.data as never), { ...started, metadata: { actorUserId: 'u1' } }).summary).toBe('Sent message Site evacuation');
  });
});
