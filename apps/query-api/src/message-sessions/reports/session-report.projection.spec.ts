import { describe, expect, it } from '@jest/globals';
import type { DispatchOutcome, PlannedDelivery, ReportedDelivery } from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import type { Document } from '@beacon/read-store';
import type { MessageSessionRecipientDocument, MessageSessionReportDocument } from '../../shared/read-models/session-report.read-model';
import { sessionReportProjection } from './session-report.projection';

let position = 0;
const recorded = (type: string, data: object): RecordedEvent => ({
  id: `e${++position}`,
  type,
  data,
  metadata: { tenantId: 't1' },
  streamName: 's',
  revision: 0,
  position,
  recordedAt: `2026-11-26T10:00:${String(position % 60).padStart(2, '0')}.000Z`,
});

/** The documents the projection leaves after the events; `twice` applies each event's changes a second time (a replay that finds them applied must change nothing). */
function fold(events: readonly RecordedEvent[], documents = new Map<string, Document>()): Map<string, Document> {
  for (const event of events) {
    for (const change of sessionReportProjection.project(event)) {
      const key = `${change.collection}/${change.id}`;
      const next = change.apply(documents.get(key) ?? null);
      if (next) documents.set(key, next);
      else documents.delete(key);
    }
  }
  return documents;
}

const sms = (recipient: string, attempt = 1) => `s1.${recipient}.f1:SMS.${attempt}`;
const mail = (recipient: string) => `s1.${recipient}.f2:EMAIL.1`;
const planned = (deliveryId: string): PlannedDelivery => {
  const [, recipientId, deviceId] = deliveryId.split('.') as [string, string, string];
  const channel = deviceId.endsWith('SMS') ? 'SMS' : deviceId.endsWith('VOICE') ? 'VOICE' : 'EMAIL';
  return { deliveryId, recipientId, deviceId, channel, address: channel === 'EMAIL' ? `${recipientId}@x.test` : `+44791112${recipientId.slice(1).padStart(4, '0')}` };
};
const started = (type = 'broadcast') => recorded('MessageSessionStarted', { sessionId: 's1', scenarioId: null, customerGroupId: 'g1', senderUserId: 'u0', timeoutSeconds: 1800, scenario: { scenario_type: type }, at: '2026-11-26T10:00:00.000Z' });
const page = (deliveries: string[], people: string[], extra: object = {}) =>
  recorded('MessageSessionPageQueued', {
    sessionId: 's1',
    page: 0,
    recipients: people.length,
    last: people.at(-1),
    final: true,
    deliveries: deliveries.map(planned),
    people: people.map((id) => ({ id, name: `Name ${id}` })),
    at: '2026-11-26T10:00:01.000Z',
    ...extra,
  });
const sent = (outcomes: DispatchOutcome[]) => recorded('DispatchesSent', { sessionId: 's1', partition: 0, workerId: 'w1', at: '2026-11-26T10:00:03.000Z', outcomes });
const accepted = (deliveryId: string, awaitingReport = false): DispatchOutcome => ({ deliveryId, provider: 'sim', kind: 'accepted', providerMessageId: `p-${deliveryId}`, awaitingReport });
const reported = (reports: Omit<ReportedDelivery, 'at' | 'providerMessageId'>[], at = '2026-11-26T10:01:30.000Z') =>
  recorded('DeliveriesReported', { sessionId: 's1', reports: reports.map((report) => ({ providerMessageId: `p-${report.deliveryId}`, at, ...report })) });

const line = (documents: Map<string, Document>, recipient: string) => documents.get(`message_session_recipients/s1.${recipient}`) as MessageSessionRecipientDocument;
const report = (documents: Map<string, Document>) => documents.get('message_session_reports/s1') as MessageSessionReportDocument;

/** The report's counts must always be the lines' counts. */
function expectCountsOfLines(documents: Map<string, Document>) {
  const lines = [...documents.entries()].filter(([key]) => key.startsWith('message_session_recipients/')).map(([, document]) => document as MessageSessionRecipientDocument);
  const tally = (key: (line: MessageSessionRecipientDocument) => string) => lines.reduce<Record<string, number>>((counts, one) => ({ ...counts, [key(one)]: (counts[key(one)] ?? 0) + 1 }), {});
  expect(report(documents).states).toEqual(tally((one) => one.state));
  expect(report(documents).replies).toEqual(tally((one) => one.reply_key));
}

describe('the session report projection', () => {
  it("makes a line per person on a page (those with no device too), named, with each device queued", () => {
    const documents = fold([started(), page([sms('u1'), mail('u1'), sms('u2')], ['u1', 'u2', 'u3'])]);
    expect(line(documents, 'u1')).toMatchObject({
      name: 'Name u1',
      name_key: 'name u1',
      state: 'Pending',
      reply: 'No Response',
      email: 'u1@x.test',
      phone_number: '+447911120001',
      address_string: '+447911120001, u1@x.test',
      page: 0,
    });
    expect(line(documents, 'u1').devices.map((device) => [device.channel, device.status])).toEqual([['SMS', 'queued'], ['EMAIL', 'queued']]);
    expect(line(documents, 'u3')).toMatchObject({ state: 'Delivery Failure', reply: 'Delivery Failure', devices: [] });
    expect(report(documents).channels).toEqual(['SMS', 'EMAIL']);
    expectCountsOfLines(documents);
  });

  it('moves lines and counts with answers, reports, replies and failures, and never back', () => {
    const documents = fold([
      started(),
      page([sms('u1'), mail('u1'), sms('u2'), sms('u3')], ['u1', 'u2', 'u3']),
      sent([accepted(sms('u1'), true), accepted(mail('u1')), { deliveryId: sms('u2'), provider: 'sim', kind: 'refused', permanent: true, reason: 'Twilio 21211: not a valid phone number' }, accepted(sms('u3'), true)]),
      reported([{ deliveryId: sms('u1'), status: 'replied', reply: 'Yes', replyDigit: '1' }]),
      // Late and repeated: a "sent" after the reply, the reply again later.
      reported([{ deliveryId: sms('u1'), status: 'sent' }], '2026-11-26T10:02:00.000Z'),
      reported([{ deliveryId: sms('u1'), status: 'replied', reply: 'Yes', replyDigit: '1' }], '2026-11-26T10:03:00.000Z'),
    ]);
    expect(line(documents, 'u1')).toMatchObject({ state: 'Successful Delivery', reply: 'Yes', reply_key: 'Choice 1', reply_time: '2026-11-26T10:01:30.000Z' });
    expect(line(documents, 'u1').devices[0]).toMatchObject({ status: 'replied', delivered_at: '2026-11-26T10:01:30.000Z' });
    expect(line(documents, 'u2')).toMatchObject({ state: 'Delivery Failure', reply: 'Delivery Failure' });
    expect(line(documents, 'u2').devices[0]).toMatchObject({ status: 'failed', reason: 'Twilio 21211: not a valid phone number' });
    expect(line(documents, 'u3')).toMatchObject({ state: 'Pending', reply: 'No Response' });
    expect(report(documents)).toMatchObject({ choices: { '1': 'Yes' }, reply_minutes: { '2026-11-26T10:01Z': 1 } });
    expectCountsOfLines(documents);
  });

  it('puts a retry, a dead letter and a follow-up in the place of the attempt they replace; an older attempt then changes nothing', () => {
    const documents = fold([
      started(),
      page([sms('u1'), sms('u2')], ['u1', 'u2']),
      sent([{ deliveryId: sms('u1'), provider: 'sim', kind: 'throttled', reason: 'Slow down', retryAs: sms('u1', 2) }, accepted(sms('u2'))]),
      recorded('MessageSessionFollowUpPageQueued', { sessionId: 's1', followUp: 1, page: 0, final: true, deliveries: [{ ...planned(sms('u2', 2)), supersedes: sms('u2') }], at: '2026-11-26T10:05:00.000Z' }),
      reported([{ deliveryId: sms('u2'), status: 'replied', reply: 'late answer to the first attempt' }]),
    ]);
    expect(line(documents, 'u1').devices).toEqual([expect.objectContaining({ delivery_id: sms('u1', 2), attempt: 2, status: 'queued' })]);
    expect(line(documents, 'u1').state).toBe('Pending');
    expect(line(documents, 'u2').devices).toEqual([expect.objectContaining({ delivery_id: sms('u2', 2), attempt: 2, status: 'queued', sent_at: '2026-11-26T10:05:00.000Z' })]);
    const dead = fold([recorded('DispatchesDeadLettered', { sessionId: 's1', deliveryIds: [sms('u1', 2)], reason: 'Claimed 5 times.', at: '2026-11-26T10:06:00.000Z' })], documents);
    expect(line(dead, 'u1')).toMatchObject({ state: 'Delivery Failure' });
    expect(line(dead, 'u1').devices[0]!.reason).toBe('Claimed 5 times. Set aside for an admin to retry.');
    const retried = fold([recorded('DeadLettersRetried', { sessionId: 's1', retries: [{ deliveryId: sms('u1', 2), retryAs: sms('u1', 3), page: 0 }], retriedBy: 'u0', at: '2026-11-26T10:07:00.000Z' })], dead);
    expect(line(retried, 'u1')).toMatchObject({ state: 'Pending' });
    expect(line(retried, 'u1').devices[0]).toMatchObject({ attempt: 3, status: 'queued' });
    expectCountsOfLines(retried);
  });

  it("counts a conference's declined call as Conference Rejected and no response", () => {
    const voice = 's1.u1.f1:VOICE.1';
    const documents = fold([
      started('conference'),
      page([voice], ['u1'], { conference: true }),
      sent([accepted(voice, true)]),
      reported([{ deliveryId: voice, status: 'replied', reply: '2' }]),
    ]);
    expect(line(documents, 'u1')).toMatchObject({ state: 'Conference Rejected', reply: 'No Response', reply_time: null });
    expectCountsOfLines(documents);
  });

  it('counts nothing twice when an event is applied again (a replay that finds its documents written)', () => {
    const events = [started(), page([sms('u1'), sms('u2')], ['u1', 'u2']), sent([accepted(sms('u1')), accepted(sms('u2'), true)]), reported([{ deliveryId: sms('u2'), status: 'failed', reason: 'busy' }])];
    const once = fold(events);
    const twice = fold(events, fold(events));
    expect(report(twice)).toEqual(report(once));
    expectCountsOfLines(twice);
  });

  it('records the excluded count when the session is planned', () => {
    const documents = fold([started(), page([sms('u1')], ['u1']), recorded('MessageSessionPlanned', { sessionId: 's1', pages: 1, recipients: 1, deliveries: 1, excluded: 4, at: '2026-11-26T10:00:02.000Z' })]);
    expect(report(documents).excluded).toBe(4);
  });
});
