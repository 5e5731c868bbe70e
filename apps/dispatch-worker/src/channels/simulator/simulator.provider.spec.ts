import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { ReportedDelivery } from '@beacon/domain';
import { SqliteReadStore } from '@beacon/read-store';
import type { OutgoingMessage } from '../channel-provider';
import { SimulatorProvider, type SimulatedMessage, type SimulatorOptions } from './simulator.provider';

let dir: string;
let store: SqliteReadStore;
let reports: ReportedDelivery[];

const message = (n: number): OutgoingMessage => ({
  deliveryId: `s1.u${n}.f1:SMS.1`,
  tenantId: 't1',
  sessionId: 's1',
  channel: 'SMS',
  address: `+4479${String(n).padStart(8, '0')}`,
  text: 'Hello',
});

const simulator = (options: Partial<SimulatorOptions> = {}) =>
  new SimulatorProvider(
    (tenantId) => store.scope(tenantId).collection<SimulatedMessage>('outbox'),
    async (_message, report) => {
      reports.push(report);
    },
    { latencyMs: 0, failureRate: 0, replyRate: 0, ...options },
  );

const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'beacon-simulator-'));
  store = SqliteReadStore.open({ path: join(dir, 'read.sqlite') });
  reports = [];
});

afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the simulator provider', () => {
  it('keeps each message it accepts (written in batches) before answering; with no latency it answers delivered at once, else it reports it', async () => {
    const provider = simulator();
    const outcomes = await Promise.all(Array.from({ length: 600 }, (_, n) => provider.send(message(n))));
    expect(outcomes.every((outcome) => outcome.kind === 'accepted' && outcome.delivered === true)).toBe(true);
    expect(await store.scope('t1').collection('outbox').count({ session_id: 's1' })).toBe(600);
    await settled();
    expect(reports).toEqual([]);

    const later = simulator({ latencyMs: 5 });
    const answered = await Promise.all(Array.from({ length: 50 }, (_, n) => later.send({ ...message(n), deliveryId: `s2.u${n}.f1:SMS.1`, sessionId: 's2' })));
    expect(answered.every((outcome) => outcome.kind === 'accepted' && outcome.delivered === undefined)).toBe(true);
    await settled();
    expect(reports.filter((report) => report.status === 'delivered')).toHaveLength(50);
  });

  it('fails and replies to the same deliveries every time, as its rates ask', async () => {
    const run = async () => {
      reports = [];
      const provider = simulator({ failureRate: 0.3, replyRate: 0.5 });
      await Promise.all(Array.from({ length: 200 }, (_, n) => provider.send(message(n))));
      await settled();
      return reports.map((report) => `${report.deliveryId}:${report.status}`).sort();
    };
    const first = await run();
    expect(await run()).toEqual(first);
    const failed = first.filter((entry) => entry.endsWith(':failed')).length;
    expect(failed).toBeGreaterThan(30);
    expect(failed).toBeLessThan(90);
    expect(first.some((entry) => entry.endsWith(':replied'))).toBe(true);
  });

  it('tells whether it has a message (what a worker asks after a crash), delivered or reported again', async () => {
    const provider = simulator();
    await provider.send(message(1));
    expect(await provider.lookup(message(1))).toEqual({ kind: 'found', providerMessageId: `sim-${message(1).deliveryId}`, delivered: true });
    expect(await provider.lookup(message(2))).toEqual({ kind: 'not-found' });
    // One that fails or gets a reply: its report may have died with the worker, so it is reported again.
    const failing = simulator({ failureRate: 1 });
    await failing.send(message(3));
    await settled();
    reports = [];
    expect(await failing.lookup(message(3))).toEqual({ kind: 'found', providerMessageId: `sim-${message(3).deliveryId}` });
    await settled();
    expect(reports.map((report) => report.status)).toEqual(['failed']);
  });
});
