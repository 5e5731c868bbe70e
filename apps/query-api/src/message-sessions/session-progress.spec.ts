import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { DispatchOutcome, ReportedDelivery } from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import { SqliteReadStore } from '@beacon/read-store';
import { MESSAGE_SESSION_PROGRESS, type MessageSessionDocument } from '../shared/read-models/message-sessions.read-model';
import { messageDeliveriesProjection } from './projections/message-deliveries.projection';
import { SessionProgressReader } from './session-progress';

/*
 * A session's progress read from the counts the deliveries projection keeps equals the progress counted
 * from its delivery documents, for every kind of session, through the embedded read store.
 */

const TENANT = 't1';
let position = 0;
const recorded = (type: string, data: object): RecordedEvent => ({
  id: `e${++position}`,
  type,
  data,
  metadata: { tenantId: TENANT },
  streamName: 's',
  revision: 0,
  position,
  recordedAt: '2026-11-27T10:00:00.000Z',
});

const at = '2026-11-27T10:00:01.000Z';
const deliveryId = (recipient: number, channel: string, attempt = 1) => `s1.u${recipient}.f1:${channel}.${attempt}`;
const accepted = (id: string): DispatchOutcome => ({ deliveryId: id, provider: 'simulator', address: '+447911123456', kind: 'accepted', providerMessageId: `p-${id}`, awaitingReport: true });
const sent = (outcomes: DispatchOutcome[]) => recorded('DispatchesSent', { sessionId: 's1', partition: 0, workerId: 'w1', at, outcomes });
const reported = (reports: Omit<ReportedDelivery, 'at' | 'providerMessageId'>[]) =>
  recorded('DeliveriesReported', { sessionId: 's1', reports: reports.map((report) => ({ providerMessageId: `p-${report.deliveryId}`, at, ...report })) });

/** Forty people on SMS and voice (every seventh on SMS only, retried): answers of every kind, late and repeated reports. */
function session(): RecordedEvent[] {
  const events = [recorded('MessageSessionStarted', { sessionId: 's1', scenarioId: null, customerGroupId: 'g1', senderUserId: 'u0', timeoutSeconds: 1800, scenario: { scenario_name: 'Drill', is_real: true, scenario_type: 'broadcast' }, at })];
  const people = Array.from({ length: 40 }, (_, n) => n);
  const unknown = (id: string): DispatchOutcome => ({ deliveryId: id, provider: 'simulator', kind: 'unknown', reason: 'The worker stopped' });
  events.push(sent(people.flatMap((n) => (n % 7 === 6 ? [] : [accepted(deliveryId(n, 'SMS')), n % 10 === 0 ? unknown(deliveryId(n, 'VOICE')) : accepted(deliveryId(n, 'VOICE'))]))));
  events.push(
    sent(people.filter((n) => n % 7 === 6).map((n): DispatchOutcome => ({ deliveryId: deliveryId(n, 'SMS'), provider: 'simulator', kind: 'throttled', reason: '429', retryAs: deliveryId(n, 'SMS', 2), retryAfterMs: 10 }))),
  );
  const states: ReportedDelivery['status'][] = ['sent', 'delivered', 'failed', 'replied', 'timed_out'];
  events.push(reported(people.filter((n) => n % 7 !== 6).map((n) => ({ deliveryId: deliveryId(n, 'SMS'), status: states[n % states.length]!, ...(states[n % states.length] === 'replied' ? { reply: 'Yes' } : {}) }))));
  events.push(reported(people.filter((n) => n % 7 !== 6 && n % 10 !== 0).map((n) => ({ deliveryId: deliveryId(n, 'VOICE'), status: 'replied' as const, reply: String((n % 3) + 1) }))));
  events.push(reported(people.filter((n) => n % 7 !== 6).map((n) => ({ deliveryId: deliveryId(n, 'SMS'), status: 'sent' as const }))));
  events.push(sent(people.filter((n) => n % 7 === 6).map((n) => accepted(deliveryId(n, 'SMS', 2)))));
  return events;
}

describe('a session\'s progress', () => {
  let store: SqliteReadStore;
  let reader: SessionProgressReader;
  beforeEach(() => {
    store = SqliteReadStore.open({ path: ':memory:' });
    reader = new SessionProgressReader(store);
  });
  afterEach(() => store.close());

  async function project(events: readonly RecordedEvent[], batchSize: number): Promise<void> {
    for (let start = 0; start < events.length; start += batchSize) {
      const batch = events.slice(start, start + batchSize);
      await store.applyProjectionBatch(messageDeliveriesProjection.name, batch.map((event) => ({ position: event.position, changes: messageDeliveriesProjection.project(event) })));
    }
  }

  // 35 people on SMS and voice, and 5 on SMS only (their first attempt retried).
  const document = { _id: 's1', deliveries: 75, answered: 75 } as const;

  for (const scenario_type of ['broadcast', 'conference'] as const) {
    for (const batchSize of [1, 3, 100]) {
      it(`of a ${scenario_type}, read from the kept counts, equals the count of its deliveries (batches of ${batchSize})`, async () => {
        await project(session(), batchSize);
        const kept = await store.scope(TENANT).collection(MESSAGE_SESSION_PROGRESS).findOne({ _id: 's1' });
        expect(kept).not.toBeNull();
        const fromCounts = await reader.of(TENANT, { ...document, scenario_type });
        const counted = { queued: 0, ...(await reader.counted(TENANT, 's1', scenario_type === 'conference')) };
        expect(fromCounts).toEqual(counted);
        expect(Object.values(fromCounts).reduce((sum, n) => sum + n, 0)).toBe(75);
      });
    }
  }

  it('of a session that started before the counts were kept is counted from its deliveries', async () => {
    await project(session().slice(1), 100);
    expect(await store.scope(TENANT).collection(MESSAGE_SESSION_PROGRESS).findOne({ _id: 's1' })).toBeNull();
    const progress = await reader.of(TENANT, { ...document, scenario_type: 'broadcast' as MessageSessionDocument['scenario_type'] });
    expect(progress).toEqual({ queued: 0, ...(await reader.counted(TENANT, 's1', false)) });
    expect(progress.delivered + progress.replied).toBeGreaterThan(0);
  });
});
