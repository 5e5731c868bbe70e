import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { BusMessage } from '@beacon/bus';
import { SqliteEventStore } from '@beacon/event-store';
import { CommandExecutor, loadPlatformConfig } from '@beacon/platform';
import type { ChannelProvider } from '../channels/channel-provider';
import { DispatchJobConsumer } from './dispatch-job.consumer';
import type { DispatchJob } from './dispatch-job';

const job: DispatchJob = {
  jobId: 'job-1',
  tenantId: 't1',
  sessionId: 's1',
  recipientId: 'u1',
  channel: 'SMS',
  address: '+447700900000',
  content: 'Hello',
};
const message = { topic: 'dispatch-jobs', key: 'u1', value: job, headers: {}, partition: 0, offset: '0' } satisfies BusMessage<DispatchJob>;

let dir: string;
let eventStore: SqliteEventStore;
let sent: string[];

const provider: ChannelProvider = {
  name: 'test',
  channels: ['SMS'],
  async send(message) {
    sent.push(message.deliveryId);
    return { kind: 'accepted', providerMessageId: `p-${sent.length}` };
  },
};

function worker(nodeId: string, leaseMs = 30_000) {
  const config = loadPlatformConfig({ NODE_ID: nodeId, DISPATCH_CLAIM_LEASE_MS: String(leaseMs) });
  return new DispatchJobConsumer(undefined as never, new CommandExecutor(eventStore), provider, config);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'beacon-dispatch-'));
  eventStore = SqliteEventStore.open({ path: join(dir, 'events.sqlite') });
  sent = [];
});

afterEach(async () => {
  await eventStore.close();
  rmSync(dir, { recursive: true, force: true });
});

const types = async () => (await eventStore.readStream('dispatch-job-1')).map((e) => e.type);

describe('dispatch job consumer', () => {
  it('claims, sends once and records the result; a redelivery sends nothing', async () => {
    await worker('w1').handle(message);
    await worker('w2').handle(message);
    expect(sent).toEqual(['job-1']);
    expect(await types()).toEqual(['DispatchClaimed', 'DispatchSubmitted']);
  });

  it('leaves a job freshly claimed by a worker that may still be sending to be retried later', async () => {
    await eventStore.appendToStream('dispatch-job-1', [
      { id: crypto.randomUUID(), type: 'DispatchClaimed', data: { jobId: 'job-1', sessionId: 's1', workerId: 'w1', claimedAt: new Date().toISOString() }, metadata: {} },
    ]);
    await expect(worker('w2').handle(message)).rejects.toThrow('being sent by another worker');
    expect(sent).toEqual([]);
  });

  it('takes over the claim of a worker that died before recording a result', async () => {
    await eventStore.appendToStream('dispatch-job-1', [
      { id: crypto.randomUUID(), type: 'DispatchClaimed', data: { jobId: 'job-1', sessionId: 's1', workerId: 'dead', claimedAt: '2020-01-01T00:00:00.000Z' }, metadata: {} },
    ]);
    await worker('w2', 1000).handle(message);
    expect(sent).toEqual(['job-1']);
    expect(await types()).toEqual(['DispatchClaimed', 'DispatchClaimed', 'DispatchSubmitted']);
  });
});
