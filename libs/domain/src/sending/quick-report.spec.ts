import { describe, expect, it } from '@jest/globals';
import { EventFields } from '../shared/activity';
import { given } from '../shared/given-when-then';
import { EMPTY_RECIPIENTS, deviceId, newScenarioDraft, type ScenarioDraft } from '../message/scenario-draft';
import { messageSessionDecider } from './message-session.decide';
import type { MessageSessionEvent, MessageSessionOrigin } from './message-session.events';
import {
  QUICK_REPORT_EVENT_VERSIONS,
  quickReportChannel,
  quickReportContent,
  quickReportCountsOf,
  quickReportDecider,
  quickReportDeliveryId,
  type QuickReportData,
} from './quick-report';
import { quickReportActivity } from './quick-report.activity';

const AT = '2026-11-26T10:00:00.000Z';
const sms = { dispatch_type: 'SMS' as const, id: deviceId('f1', 'SMS'), label: 'Mobile (SMS)', field_label: 'Mobile', field_id: 'f1', heading: 'SMS', position: 1 };
const draft = (changes: Partial<ScenarioDraft> = {}): ScenarioDraft => ({
  ...newScenarioDraft({ ttsVoice: 'Amy', language: 'en-GB' }),
  scenario_name: 'Site evacuation',
  recipients: { ...EMPTY_RECIPIENTS, include: [{ recipient_type: 'everyone', recipient_value: [] }] },
  devices: [sms],
  message: { sms: 'Leave by the stairs', email: '', voice: '' },
  quick_report: { send_quick_report: true, recipients: ['boss'], type: 'email' },
  ...changes,
});
const origin = (scenario: ScenarioDraft): MessageSessionOrigin => ({ sessionId: 's1', scenarioId: 'm1', customerGroupId: 'g1', senderUserId: 'u1', scenario, timeoutSeconds: 1800 });
const sent = (scenario: ScenarioDraft): MessageSessionEvent[] => [
  { type: 'MessageSessionStarted', data: { ...origin(scenario), at: AT } },
  { type: 'MessageSessionPlanned', data: { sessionId: 's1', pages: 1, recipients: 2, deliveries: 2, devices: 1, at: AT } },
];
const complete = { type: 'CompleteMessageSession' as const, data: { at: AT } };
const completed: MessageSessionEvent = { type: 'MessageSessionCompleted', data: { sessionId: 's1', at: AT } };
const due: MessageSessionEvent = { type: 'MessageSessionQuickReportDue', data: { sessionId: 's1', at: AT } };

describe('a quick report falling due', () => {
  it('given a message with a quick report, when its session completes, then the report is due with it', () => {
    expect(given(messageSessionDecider, sent(draft())).when(complete)).toEqual([completed, due]);
  });

  it('given no quick report (or nobody to send it to), then completing records only the completion', () => {
    expect(given(messageSessionDecider, sent(draft({ quick_report: { send_quick_report: false, recipients: ['boss'], type: 'email' } }))).when(complete)).toEqual([completed]);
    expect(given(messageSessionDecider, sent(draft({ quick_report: { send_quick_report: true, recipients: [], type: 'email' } }))).when(complete)).toEqual([completed]);
  });

  it('given an auto-retry to come, then the report waits for the completion after it', () => {
    expect(given(messageSessionDecider, sent(draft({ auto_retry: true }))).when(complete)).toEqual([completed]);
  });

  it('is due once: a resend that completes the session again sends no second report', () => {
    const resent: MessageSessionEvent[] = [
      ...sent(draft()),
      completed,
      due,
      { type: 'MessageSessionFollowUpStarted', data: { sessionId: 's1', followUp: 1, kind: 'resend', step: null, reply: 'No Response', requestedBy: 'u1', at: AT } },
      { type: 'MessageSessionFollowUpPlanned', data: { sessionId: 's1', followUp: 1, pages: 1, deliveries: 1, at: AT } },
    ];
    expect(given(messageSessionDecider, resent).when(complete)).toEqual([completed]);
  });
});

describe('what a quick report says', () => {
  const progress = { queued: 0, sending: 0, sent: 1, delivered: 5, failed: 2, replied: 3, unknown: 1 };

  it('counts by delivery: a reply was delivered; no response is neither replied nor failed', () => {
    expect(quickReportCountsOf(10, progress)).toEqual({ recipients: 10, deliveries: 12, delivered: 8, failed: 2, replied: 3, no_response: 7 });
  });

  it("counts a conference's joined calls as replies and its declined ones as no response (spec §3)", () => {
    expect(quickReportCountsOf(4, { ...progress, replied: 0, connected: 2, rejected: 1 })).toMatchObject({ deliveries: 12, delivered: 8, replied: 2, no_response: 8 });
  });

  it('tells the counts in a text and an email', () => {
    const content = quickReportContent('Site evacuation', quickReportCountsOf(10, progress));
    expect(content.subject).toBe('Quick report: Site evacuation');
    expect(content.sms).toBe('Quick report: Site evacuation went to 10 recipients (12 messages): 8 delivered, 2 failed, 3 replied, 7 no response.');
    expect(content.email).toContain('No response: 7');
  });

  it('goes by SMS only where the group may send SMS quick reports, else by email', () => {
    expect(quickReportChannel('sms', true)).toBe('SMS');
    expect(quickReportChannel('sms', false)).toBe('EMAIL');
    expect(quickReportChannel('email', true)).toBe('EMAIL');
  });
});

describe('a quick report sent', () => {
  const report: QuickReportData = {
    sessionId: 's1',
    reportId: 's1-quick-report',
    type: 'email',
    channel: 'EMAIL',
    note: null,
    counts: quickReportCountsOf(1, { queued: 0, sending: 0, sent: 0, delivered: 1, failed: 0, replied: 0, unknown: 0 }),
    subject: 'Quick report: Site evacuation',
    text: 'Delivered: 1',
    deliveries: [{ deliveryId: quickReportDeliveryId('s1', 'boss', 'EMAIL'), recipientId: 'boss', deviceId: 'email', channel: 'EMAIL', address: 'boss@demo.test' }],
    unreachable: [],
    at: AT,
  };
  const queued = { type: 'QuickReportQueued' as const, data: report };
  const dispatched = { type: 'QuickReportDispatched' as const, data: { sessionId: 's1', at: AT } };

  it('is written once: a second writer (after a restart, or another node) records nothing', () => {
    expect(given(quickReportDecider, []).when({ type: 'QueueQuickReport', data: report })).toEqual([queued]);
    expect(given(quickReportDecider, [queued]).when({ type: 'QueueQuickReport', data: { ...report, text: 'other' } })).toEqual([]);
  });

  it('is dispatched once, after it is written', () => {
    expect(given(quickReportDecider, []).when({ type: 'RecordQuickReportDispatched', data: dispatched.data })).toEqual([]);
    expect(given(quickReportDecider, [queued]).when({ type: 'RecordQuickReportDispatched', data: dispatched.data })).toEqual([dispatched]);
    expect(given(quickReportDecider, [queued, dispatched]).when({ type: 'RecordQuickReportDispatched', data: dispatched.data })).toEqual([]);
  });

  it('keeps its deliveries under its own id, apart from the session', () => {
    expect(report.deliveries[0]!.deliveryId).toBe('s1-quick-report.boss.email.1');
  });

  it('is told in the activity log', () => {
    expect(Object.keys(quickReportActivity).sort()).toEqual(Object.keys(QUICK_REPORT_EVENT_VERSIONS).sort());
    expect(quickReportActivity.QuickReportQueued(new EventFields(report as never), { ...queued, metadata: {} }).summary).toBe('Sent the quick report of a message by email to 1 recipients');
  });
});
