import { describe, expect, it } from '@jest/globals';
import type { DispatchOutcome, ReportedDelivery } from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import type { Document } from '@beacon/read-store';
import type { MessageDeliveryDocument, MessageSessionDocument, MessageSessionProgressDocument } from '../../shared/read-models/message-sessions.read-model';
import { progressKeyOf } from '../progress-key';
import { messageDeliveriesProjection } from './message-deliveries.projection';
import { messageSessionsProjection } from './message-sessions.projection';

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

/** The documents the projections leave after the events, by id. */
function fold(events: readonly RecordedEvent[]): Map<string, Document> {
  const documents = new Map<string, Document>();
  for (const event of events) {
    for (const projection of [messageSessionsProjection, messageDeliveriesProjection]) {
      for (const change of projection.project(event)) {
        const next = change.apply(documents.get(`${change.collection}/${change.id}`) ?? null);
        if (next) documents.set(`${change.collection}/${change.id}`, next);
        else documents.delete(`${change.collection}/${change.id}`);
      }
    }
  }
  return documents;
}

const id = (recipient: string, attempt = 1) => `s1.${recipient}.f1:SMS.${attempt}`;
const sent = (outcomes: DispatchOutcome[]) => recorded('DispatchesSent', { sessionId: 's1', partition: 0, workerId: 'w1', at: '2026-11-26T10:00:01.000Z', outcomes });
const reported = (reports: Omit<ReportedDelivery, 'at' | 'providerMessageId'>[]) =>
  recorded('DeliveriesReported', { sessionId: 's1', reports: reports.map((report) => ({ providerMessageId: `p-${report.deliveryId}`, at: '2026-11-26T10:00:02.000Z', ...report })) });
const accepted = (deliveryId: string): DispatchOutcome => ({ deliveryId, provider: 'twilio', address: '+447911123456', kind: 'accepted', providerMessageId: `p-${deliveryId}`, awaitingReport: true });
const delivery = (documents: Map<string, Document>, deliveryId: string) => documents.get(`message_deliveries/${deliveryId}`) as MessageDeliveryDocument | undefined;
const session = (documents: Map<string, Document>) => documents.get('message_sessions/s1') as MessageSessionDocument;

const started = recorded('MessageSessionStarted', {
  sessionId: 's1',
  scenarioId: null,
  customerGroupId: 'g1',
  senderUserId: 'u0',
  timeoutSeconds: 1800,
  scenario: { scenario_name: 'Drill', is_real: true, scenario_type: 'broadcast' },
  at: '2026-11-26T10:00:00.000Z',
});
const page = recorded('MessageSessionPageQueued', {
  sessionId: 's1',
  page: 0,
  recipients: 3,
  last: 'u3',
  final: true,
  deliveries: ['u1', 'u2', 'u3'].map((recipient) => ({ deliveryId: id(recipient), recipientId: recipient, deviceId: 'f1:SMS', channel: 'SMS', address: '+447911123456' })),
  at: '2026-11-26T10:00:00.000Z',
});

describe('the message deliveries read model', () => {
  it('has no document for a delivery until its first answer: planned ones count as queued', () => {
    const documents = fold([started, page]);
    expect(delivery(documents, id('u1'))).toBeUndefined();
    expect(session(documents)).toMatchObject({ deliveries: 3, answered: 0 });
    const after = fold([started, page, sent([accepted(id('u1'))])]);
    expect(delivery(after, id('u1'))).toMatchObject({ status: 'submitted', recipient_id: 'u1', device_id: 'f1:SMS', channel: 'SMS', address: '+447911123456', provider_message_id: `p-${id('u1')}` });
    expect(session(after).answered).toBe(1);
  });

  it('names the provider that took the message: the failover one when the send failed over to it', () => {
    const failover = { from: 'twilio', to: 'twilio-failover', cause: 'refused' as const, reason: 'twilio did not take it: Service unavailable (Twilio error 20503)' };
    const documents = fold([started, page, sent([accepted(id('u1')), { ...accepted(id('u2')), providerMessageId: 'failover:SM2', failover }])]);
    expect(delivery(documents, id('u1'))).toMatchObject({ provider: 'twilio', provider_message_id: `p-${id('u1')}` });
    expect(delivery(documents, id('u2'))).toMatchObject({ status: 'submitted', provider: 'twilio-failover', provider_message_id: 'failover:SM2' });
  });

  it('never moves a delivery back: a late "sent" leaves "delivered", and a reply outranks both', () => {
    const documents = fold([started, page, sent([accepted(id('u1'))]), reported([{ deliveryId: id('u1'), status: 'delivered' }]), reported([{ deliveryId: id('u1'), status: 'sent' }])]);
    expect(delivery(documents, id('u1'))?.status).toBe('delivered');
    const replied = fold([started, page, sent([accepted(id('u1'))]), reported([{ deliveryId: id('u1'), status: 'replied', reply: '1' }, { deliveryId: id('u1'), status: 'delivered' }])]);
    expect(delivery(replied, id('u1'))).toMatchObject({ status: 'replied', reply: '1' });
  });

  it('keeps a report that arrives before the provider\'s answer is recorded, and adds the address when the answer comes', () => {
    const documents = fold([started, page, reported([{ deliveryId: id('u2'), status: 'delivered' }]), sent([accepted(id('u2'))])]);
    expect(delivery(documents, id('u2'))).toMatchObject({ status: 'delivered', address: '+447911123456' });
    expect(session(documents).answered).toBe(1);
  });

  it('supersedes a retried attempt: the delivery counts as queued until its next attempt answers', () => {
    const refused: DispatchOutcome = { deliveryId: id('u3'), provider: 'twilio', address: '+447911123456', kind: 'throttled', reason: '429', retryAs: id('u3', 2), retryAfterMs: 1000 };
    const documents = fold([started, page, sent([refused])]);
    expect(delivery(documents, id('u3'))).toMatchObject({ status: 'failed', superseded: true, reason: '429' });
    expect(session(documents).answered).toBe(0);
    const retried = fold([started, page, sent([refused]), sent([accepted(id('u3', 2))])]);
    expect(delivery(retried, id('u3', 2))).toMatchObject({ status: 'submitted', attempt: 2, superseded: false });
    expect(session(retried).answered).toBe(1);
  });

  it('counts a time-out of a delivery nothing answered as its first answer', () => {
    const documents = fold([started, page, reported([{ deliveryId: id('u1'), status: 'timed_out', reason: 'No final answer', unanswered: true }])]);
    expect(delivery(documents, id('u1'))).toMatchObject({ status: 'timed_out', reason: 'No final answer' });
    expect(session(documents).answered).toBe(1);
  });

  describe("the session's progress counts, kept beside the deliveries", () => {
    const progress = (documents: Map<string, Document>) => documents.get('message_session_progress/s1') as MessageSessionProgressDocument | undefined;
    /** What a count over the delivery documents finds: the truth the kept counts must equal. */
    const countedFromDeliveries = (documents: Map<string, Document>) => {
      const counts: Record<string, number> = {};
      for (const [key, document] of documents) {
        if (!key.startsWith('message_deliveries/')) continue;
        const progressKey = progressKeyOf(document as MessageDeliveryDocument);
        if (progressKey) counts[progressKey] = (counts[progressKey] ?? 0) + 1;
      }
      return counts;
    };
    const nonZero = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).filter(([, n]) => n !== 0));

    it('starts empty with the session and moves with every delivery document, superseded attempts and late reports included', () => {
      const refused: DispatchOutcome = { deliveryId: id('u3'), provider: 'twilio', address: '+447911123456', kind: 'throttled', reason: '429', retryAs: id('u3', 2), retryAfterMs: 1000 };
      const events = [
        started,
        page,
        reported([{ deliveryId: id('u2'), status: 'delivered' }]),
        sent([accepted(id('u1')), accepted(id('u2')), refused]),
        reported([{ deliveryId: id('u1'), status: 'delivered' }, { deliveryId: id('u1'), status: 'sent' }]),
        sent([accepted(id('u3', 2))]),
        reported([{ deliveryId: id('u3', 2), status: 'failed', reason: 'blocked' }, { deliveryId: id('u1'), status: 'replied', reply: 'Yes' }]),
        reported([{ deliveryId: id('u1'), status: 'delivered' }]),
      ];
      expect(progress(fold([started]))?.counts).toEqual({});
      for (let n = 2; n <= events.length; n++) {
        const documents = fold(events.slice(0, n));
        expect(nonZero(progress(documents)!.counts)).toEqual(countedFromDeliveries(documents));
      }
      expect(nonZero(progress(fold(events))!.counts)).toEqual({ replied: 1, delivered: 1, failed: 1 });
    });

    it('counts a conference call joined or declined under its own key', () => {
      const voice = (recipient: string) => `s1.${recipient}.f1:VOICE.1`;
      const call = (deliveryId: string): DispatchOutcome => ({ ...accepted(deliveryId), address: '+441632960001' });
      const documents = fold([
        started,
        sent([call(voice('u1')), call(voice('u2')), call(voice('u3'))]),
        reported([
          { deliveryId: voice('u1'), status: 'replied', reply: '1' },
          { deliveryId: voice('u2'), status: 'replied', reply: '2' },
          { deliveryId: voice('u3'), status: 'replied', reply: '3' },
        ]),
      ]);
      expect(nonZero(progress(documents)!.counts)).toEqual({ 'replied:1': 1, 'replied:2': 1, replied: 1 });
    });

    it('makes no counts for a session that started before they were kept: it is counted from its deliveries', () => {
      const documents = fold([page, sent([accepted(id('u1'))])]);
      expect(delivery(documents, id('u1'))?.status).toBe('submitted');
      expect(progress(documents)).toBeUndefined();
    });

    it('marks the counts as derived from the event\'s other changes, and lists them after those changes', () => {
      const changes = messageDeliveriesProjection.project(sent([accepted(id('u1')), accepted(id('u2'))]));
      expect(changes.map((change) => [change.collection, change.derived ?? false])).toEqual([
        ['message_deliveries', false],
        ['message_deliveries', false],
        ['message_session_progress', true],
      ]);
    });
  });
});
