import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '@beacon/event-store';
import type { Document } from '@beacon/read-store';
import type { MessageDeliveryDocument, MessageSessionDocument } from '../../shared/read-models/message-sessions.read-model';
import { messageDeliveriesProjection } from '../projections/message-deliveries.projection';
import { messageSessionsProjection } from '../projections/message-sessions.projection';
import { deadLettersProjection } from './dead-letters.projection';

let position = 0;
const recorded = (type: string, data: object, streamName = 's'): RecordedEvent => ({
  id: `e${++position}`,
  type,
  data,
  metadata: { tenantId: 't1' },
  streamName,
  revision: 0,
  position,
  recordedAt: '2026-11-26T10:00:00.000Z',
});

/** The documents the projections leave after the events, by `<tenant>/<collection>/<id>`. */
function fold(events: readonly RecordedEvent[]): Map<string, Document> {
  const documents = new Map<string, Document>();
  for (const event of events) {
    for (const projection of [messageSessionsProjection, messageDeliveriesProjection, deadLettersProjection]) {
      for (const change of projection.project(event)) {
        const key = `${change.tenantId}/${change.collection}/${change.id}`;
        const next = change.apply(documents.get(key) ?? null);
        if (next) documents.set(key, next);
        else documents.delete(key);
      }
    }
  }
  return documents;
}

const SESSION = '0b6f-4c1e';
const dead = `${SESSION}.u1.f1:SMS.1`;
const started = recorded('MessageSessionStarted', {
  sessionId: SESSION,
  scenarioId: null,
  customerGroupId: 'g1',
  senderUserId: 'u0',
  timeoutSeconds: 1800,
  scenario: { scenario_name: 'Drill', is_real: true, scenario_type: 'broadcast' },
  at: '2026-11-26T10:00:00.000Z',
});
const page = recorded('MessageSessionPageQueued', {
  sessionId: SESSION,
  page: 0,
  recipients: 1,
  last: 'u1',
  final: true,
  deliveries: [{ deliveryId: dead, recipientId: 'u1', deviceId: 'f1:SMS', channel: 'SMS', address: '+447911123456' }],
  at: '2026-11-26T10:00:00.000Z',
});
const deadLettered = recorded(
  'DispatchesDeadLettered',
  { sessionId: SESSION, partition: 3, at: '2026-11-26T10:01:00.000Z', deliveryIds: [dead], reason: 'Claimed too many times.' },
  `dispatch-${SESSION}-0-3`,
);
const retried = recorded('DeadLettersRetried', { sessionId: SESSION, retries: [{ deliveryId: dead, retryAs: `${SESSION}.u1.f1:SMS.2`, page: 0 }], retriedBy: 'admin', at: '2026-11-26T10:02:00.000Z' });
const queued = recorded('DeadLetterRetriesQueued', { sessionId: SESSION, deliveryIds: [dead], at: '2026-11-26T10:02:01.000Z' });

describe('the dead letters read model', () => {
  it('keeps one document per dead delivery, with its ledger page and partition from the stream', () => {
    expect(fold([started, page, deadLettered]).get(`t1/dead_letters/${dead}`)).toEqual({
      _id: dead,
      session_id: SESSION,
      recipient_id: 'u1',
      device_id: 'f1:SMS',
      channel: 'SMS',
      attempt: 1,
      page: 0,
      partition: 3,
      reason: 'Claimed too many times.',
      dead_lettered_at: '2026-11-26T10:01:00.000Z',
      retried_as: null,
      retried_at: null,
      retried_by: null,
      retry_queued: false,
    });
  });

  it('marks a retry, lists it to be queued until it is, and takes its answer back from the session until the new attempt answers', () => {
    const before = fold([started, page, deadLettered]);
    expect((before.get(`t1/message_sessions/${SESSION}`) as MessageSessionDocument).answered).toBe(1);

    const after = fold([started, page, deadLettered, retried]);
    expect(after.get(`t1/dead_letters/${dead}`)).toMatchObject({ retried_as: `${SESSION}.u1.f1:SMS.2`, retried_by: 'admin', retry_queued: false });
    expect(after.get(`__system__/dead_letter_retry_work/${SESSION}.u1.f1:SMS.2`)).toMatchObject({ tenant_id: 't1', session_id: SESSION, delivery_id: dead, page: 0 });
    expect((after.get(`t1/message_sessions/${SESSION}`) as MessageSessionDocument).answered).toBe(0);
    expect((after.get(`t1/message_deliveries/${dead}`) as MessageDeliveryDocument).superseded).toBe(true);

    const done = fold([started, page, deadLettered, retried, queued]);
    expect(done.get(`t1/dead_letters/${dead}`)).toMatchObject({ retry_queued: true });
    expect([...done.keys()].filter((key) => key.includes('dead_letter_retry_work'))).toEqual([]);
  });
});
