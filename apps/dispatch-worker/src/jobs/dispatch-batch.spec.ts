import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { BusMessage } from '@beacon/bus';
import { dispatchStream, type DispatchOutcome } from '@beacon/domain';
import { SqliteEventStore } from '@beacon/event-store';
import { CommandExecutor } from '@beacon/platform';
import type { ChannelProvider, OutgoingMessage, SendOutcome } from '../channels/channel-provider';
import { ChannelProviders } from '../channels/channel-providers';
import { DispatchBatch, type DispatchSettings } from './dispatch-batch';
import type { DispatchJob } from './dispatch-job';

let dir: string;
let eventStore: SqliteEventStore;
let received: string[];
let answers: Map<string, SendOutcome>;
let requeued: DispatchJob[];

/** A provider that counts what reaches it and answers as told (accepted by default), and that can be asked. */
const provider: ChannelProvider = {
  name: 'counting',
  channels: ['SMS', 'EMAIL'],
  reportsDelivery: true,
  async send(message: OutgoingMessage) {
    received.push(message.deliveryId);
    return answers.get(message.deliveryId) ?? { kind: 'accepted', providerMessageId: `p-${message.deliveryId}` };
  },
  async lookup(message: OutgoingMessage) {
    return received.includes(message.deliveryId) ? { kind: 'found', providerMessageId: `p-${message.deliveryId}` } : { kind: 'not-found' };
  },
};

/** A provider like SMTP: it cannot be asked about a delivery, and announces the handover before taking a message. */
const mailer: ChannelProvider = {
  name: 'mailer',
  channels: ['EMAIL'],
  announcesHandover: true,
  async send(message: OutgoingMessage, hooks) {
    await hooks?.beforeHandover();
    received.push(message.deliveryId);
    return { kind: 'accepted', providerMessageId: `m-${message.deliveryId}` };
  },
};

const email = (recipient: string): DispatchJob => ({ ...job(recipient), deliveryId: `s1.${recipient}.f2:EMAIL.1`, channel: 'EMAIL', address: `${recipient}@example.test` });

const job = (recipient: string, attempt = 1): DispatchJob => ({
  deliveryId: `s1.${recipient}.f1:SMS.${attempt}`,
  tenantId: 't1',
  sessionId: 's1',
  page: 0,
  lane: 'priority',
  recipientId: recipient,
  channel: 'SMS',
  address: '+447700900000',
  text: 'Hello',
});
const messages = (jobs: DispatchJob[]): BusMessage<DispatchJob>[] =>
  jobs.map((value, index) => ({ topic: 'dispatch-jobs-priority', key: value.recipientId, value, headers: {}, partition: 3, offset: String(index) }));

function worker(workerId: string, settings: Partial<DispatchSettings> = {}) {
  const all = { workerId, leaseMs: 30_000, maxClaims: 3, maxAttempts: 3, concurrency: 4, ...settings };
  return new DispatchBatch(new CommandExecutor(eventStore), new ChannelProviders([provider, mailer]), all, async (jobs) => {
    requeued.push(...jobs);
  });
}

const ledger = async () => (await eventStore.readStream(dispatchStream('s1', 0, 3))).map((event) => ({ type: event.type, data: event.data as Record<string, unknown> }));
const outcomes = async () => (await ledger()).filter((event) => event.type === 'DispatchesSent').flatMap((event) => event.data.outcomes as DispatchOutcome[]);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'beacon-dispatch-'));
  eventStore = SqliteEventStore.open({ path: join(dir, 'events.sqlite') });
  received = [];
  answers = new Map();
  requeued = [];
});

afterEach(async () => {
  await eventStore.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a batch of dispatch jobs', () => {
  it('claims the batch in one append, sends each job once and records every answer in one append', async () => {
    await worker('w1').handle(messages([job('u1'), job('u2'), job('u3')]));
    expect(received.sort()).toEqual(['s1.u1.f1:SMS.1', 's1.u2.f1:SMS.1', 's1.u3.f1:SMS.1']);
    expect((await ledger()).map((event) => event.type)).toEqual(['DispatchesClaimed', 'DispatchesSent']);
    expect((await outcomes()).map((outcome) => [outcome.deliveryId, outcome.kind, outcome.awaitingReport])).toEqual(
      expect.arrayContaining([['s1.u1.f1:SMS.1', 'accepted', true]]),
    );
  });

  it('sends nothing again when the bus delivers the same batch again, to the same worker or another', async () => {
    await worker('w1').handle(messages([job('u1'), job('u2')]));
    await worker('w1').handle(messages([job('u1'), job('u2')]));
    await worker('w2').handle(messages([job('u1'), job('u2')]));
    expect(received).toHaveLength(2);
  });

  it('asks the provider about deliveries whose worker died after claiming: found ones are recorded, missing ones sent once', async () => {
    // w1 claimed u1 and u2 and died: u1 had reached the provider, u2 had not.
    await eventStore.appendToStream(dispatchStream('s1', 0, 3), [
      {
        id: crypto.randomUUID(),
        type: 'DispatchesClaimed',
        data: { sessionId: 's1', partition: 3, workerId: 'w1', claimedAt: '2020-01-01T00:00:00.000Z', deliveryIds: [job('u1').deliveryId, job('u2').deliveryId] },
        metadata: { tenantId: 't1' },
      },
    ]);
    received.push(job('u1').deliveryId);
    await worker('w2').handle(messages([job('u1'), job('u2'), job('u3')]));
    expect(received.sort()).toEqual([job('u1').deliveryId, job('u2').deliveryId, job('u3').deliveryId]);
    expect((await outcomes()).find((outcome) => outcome.deliveryId === job('u1').deliveryId)).toEqual(expect.objectContaining({ kind: 'accepted', reconciled: true }));
    expect((await ledger()).map((event) => event.type)).toEqual(['DispatchesClaimed', 'DispatchesClaimed', 'DispatchesInDoubt', 'DispatchesClaimed', 'DispatchesSent']);
  });

  it('claims only the sends about to go for a provider that cannot be asked, recording each handover before the provider takes the message', async () => {
    const jobs = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7', 'u8', 'u9', 'u10'].map(email);
    await worker('w1', { concurrency: 4 }).handle(messages(jobs));
    expect(received.sort()).toEqual(jobs.map((each) => each.deliveryId).sort());
    const events = await ledger();
    const claims = events.filter((event) => event.type === 'DispatchesClaimed').map((event) => (event.data.deliveryIds as string[]).length);
    expect(claims).toEqual([4, 4, 2]);
    const handedOver = events.filter((event) => event.type === 'DispatchesHandedOver').flatMap((event) => event.data.deliveryIds as string[]);
    expect(handedOver.sort()).toEqual(received.sort());
    // Every claim of a run is answered before the next run is claimed.
    const kinds = events.map((event) => event.type).filter((type) => type === 'DispatchesClaimed' || type === 'DispatchesSent');
    expect(kinds.indexOf('DispatchesSent')).toBeLessThan(kinds.indexOf('DispatchesClaimed', 1));
    expect(await outcomes()).toHaveLength(10);
  });

  it('lets each message go the moment its handover is durable, before any continuation the worker queued meanwhile', async () => {
    const order: string[] = [];
    const releasing: ChannelProvider = {
      ...mailer,
      async send(message: OutgoingMessage, hooks) {
        await hooks!.beforeHandover(() => order.push(`let go ${message.deliveryId}`));
        order.push(`continued ${message.deliveryId}`);
        received.push(message.deliveryId);
        return { kind: 'accepted', providerMessageId: `m-${message.deliveryId}` };
      },
    };
    const jobs = ['u1', 'u2', 'u3', 'u4'].map(email);
    const all = { workerId: 'w1', leaseMs: 30_000, maxClaims: 3, maxAttempts: 3, concurrency: 4 };
    await new DispatchBatch(new CommandExecutor(eventStore), new ChannelProviders([provider, releasing]), all, async () => undefined).handle(messages(jobs));
    // The four handovers were recorded in one append: all four let go before any of them continued.
    expect(order.slice(0, 4).sort()).toEqual(jobs.map((each) => `let go ${each.deliveryId}`).sort());
    expect(order.slice(4).sort()).toEqual(jobs.map((each) => `continued ${each.deliveryId}`).sort());
    const handedOver = (await ledger()).filter((event) => event.type === 'DispatchesHandedOver');
    expect(handedOver).toHaveLength(1);
  });

  it('after a crash, sends again what never reached a provider that cannot be asked, and leaves unknown what was being handed over', async () => {
    await eventStore.appendToStream(dispatchStream('s1', 0, 3), [
      {
        id: crypto.randomUUID(),
        type: 'DispatchesClaimed',
        data: { sessionId: 's1', partition: 3, workerId: 'w1', claimedAt: '2020-01-01T00:00:00.000Z', deliveryIds: [email('u1').deliveryId, email('u2').deliveryId] },
        metadata: { tenantId: 't1' },
      },
      {
        id: crypto.randomUUID(),
        type: 'DispatchesHandedOver',
        data: { sessionId: 's1', partition: 3, workerId: 'w1', at: '2020-01-01T00:00:00.000Z', deliveryIds: [email('u1').deliveryId] },
        metadata: { tenantId: 't1' },
      },
    ]);
    await worker('w2').handle(messages([email('u1'), email('u2'), email('u3')]));
    expect(received.sort()).toEqual([email('u2').deliveryId, email('u3').deliveryId]);
    const answered = await outcomes();
    expect(answered.find((outcome) => outcome.deliveryId === email('u1').deliveryId)).toEqual(expect.objectContaining({ kind: 'unknown', reason: expect.stringContaining('handed the message over') }));
    expect(answered.find((outcome) => outcome.deliveryId === email('u2').deliveryId)).toEqual(expect.objectContaining({ kind: 'accepted' }));
    expect(answered).toHaveLength(3);
  });

  it('refuses a batch another worker holds under a running lease, so the bus retries it later', async () => {
    await eventStore.appendToStream(dispatchStream('s1', 0, 3), [
      {
        id: crypto.randomUUID(),
        type: 'DispatchesClaimed',
        data: { sessionId: 's1', partition: 3, workerId: 'w1', claimedAt: new Date().toISOString(), deliveryIds: [job('u1').deliveryId] },
        metadata: { tenantId: 't1' },
      },
    ]);
    await expect(worker('w2').handle(messages([job('u1')]))).rejects.toThrow('being sent by another worker');
    expect(received).toEqual([]);
  });

  it('queues the next attempt of a throttled or temporarily refused delivery, and gives up on a permanent refusal', async () => {
    answers.set(job('u1').deliveryId, { kind: 'throttled', retryAfterMs: 1_000, reason: '429 Too Many Requests' });
    answers.set(job('u2').deliveryId, { kind: 'refused', permanent: false, reason: '503' });
    answers.set(job('u3').deliveryId, { kind: 'refused', permanent: true, reason: 'invalid number', code: '21211' });
    await worker('w1').handle(messages([job('u1'), job('u2'), job('u3')]));
    expect(requeued.map((retry) => retry.deliveryId).sort()).toEqual([job('u1', 2).deliveryId, job('u2', 2).deliveryId]);
    expect(Date.parse(requeued.find((retry) => retry.recipientId === 'u1')!.notBefore!)).toBeGreaterThan(Date.now());
    expect((await outcomes()).find((outcome) => outcome.deliveryId === job('u3').deliveryId)).toEqual(expect.objectContaining({ kind: 'refused', permanent: true, code: '21211' }));
    expect((await outcomes()).find((outcome) => outcome.deliveryId === job('u3').deliveryId)?.retryAs).toBeUndefined();
  });

  it('stops retrying after the last attempt', async () => {
    answers.set(job('u1', 3).deliveryId, { kind: 'refused', permanent: false, reason: '503' });
    await worker('w1').handle(messages([job('u1', 3)]));
    expect(requeued).toEqual([]);
  });

  it('records a provider that throws as an unknown outcome, never as sent or failed', async () => {
    const throwing: ChannelProvider = { name: 'broken', channels: ['SMS'], send: async () => Promise.reject(new Error('socket hang up')) };
    const batch = new DispatchBatch(new CommandExecutor(eventStore), new ChannelProviders([throwing]), { workerId: 'w1', leaseMs: 30_000, maxClaims: 3, maxAttempts: 3, concurrency: 1 }, async () => undefined);
    await batch.handle(messages([job('u1')]));
    expect(await outcomes()).toEqual([{ deliveryId: job('u1').deliveryId, provider: 'broken', address: '+447700900000', kind: 'unknown', reason: 'socket hang up', final: true }]);
  });
});
