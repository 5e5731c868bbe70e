import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io } from 'socket.io-client';
import { MongoClient } from 'mongodb';
import type { LiveUpdate } from '@beacon/contracts';
import { DEMO_GROUPS } from '@beacon/command-api';
import { dispatchTopic, type DispatchJob } from '@beacon/dispatch-worker';
import type { DispatchOutcome } from '@beacon/domain';
import { KafkaBus, NamespacedBus } from '@beacon/bus';
import { SqliteEventStore, type RecordedEvent } from '@beacon/event-store';
import { apiLogin, newDataDir, startAppProcess, type AppProcess } from './support/app-process';
import { until } from './support/until';

const kafkaBrokers = process.env.KAFKA_BROKERS;
const mongoUrl = process.env.MONGO_URL;
const missing = !kafkaBrokers || !mongoUrl ? 'no Kafka or MongoDB-wire server (KAFKA_BROKERS or MONGO_URL unset; `npm run infra:up` starts both)' : null;
if (missing) console.log(`skipped: ${missing}`);

const rootId = DEMO_GROUPS[0].customerGroupId;
const dataDir = newDataDir();
const database = `beacon_topology_${randomUUID().slice(0, 8)}`;
const processes: AppProcess[] = [];
let commandApi: AppProcess;
let queryA: AppProcess;
let queryB: AppProcess;
let workers: AppProcess[];

const distributedEnv = (nodeId: string) => ({
  KAFKA_BROKERS: kafkaBrokers!,
  MONGO_URL: mongoUrl!,
  MONGO_DATABASE: database,
  NODE_ID: nodeId,
  // Topics and groups of this run only: other runs (and other tests) on the same broker use the same names.
  BUS_TOPIC_PREFIX: `${database}.`,
  DISPATCH_CLAIM_LEASE_MS: '3000',
  // The demo tenant without its 200 people: their thousand-odd events would keep FerretDB's projections busy
  // past the read-your-writes wait this test measures.
  SEED_DEMO_PEOPLE: 'false',
});

async function start(app: Parameters<typeof startAppProcess>[0], nodeId: string): Promise<AppProcess> {
  const started = await startAppProcess(app, dataDir, distributedEnv(nodeId));
  processes.push(started);
  return started;
}


/**
 * The distributed topology as separate OS processes: one command-api, two query-api nodes and two
 * dispatch workers over a real Kafka broker, a MongoDB-wire server (FerretDB here) for read models,
 * and the SQLite event store shared by all processes.
 */
(missing !== null ? describe.skip : describe)('distributed topology', () => {
  beforeAll(async () => {
    commandApi = await start('command-api', 'command-1');
    [queryA, queryB, ...workers] = await Promise.all([
      start('query-api', 'query-a'),
      start('query-api', 'query-b'),
      start('dispatch-worker', 'worker-1'),
      start('dispatch-worker', 'worker-2'),
    ]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.kill('SIGKILL')));
    const client = await MongoClient.connect(mongoUrl!);
    await client.db(database).dropDatabase().catch(() => undefined);
    await client.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a write through command-api reads on either query node and reaches a socket on the other node', async () => {
    const token = await apiLogin(commandApi.url, 'operator@demo.test');
    const socket = io(queryB.url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => socket.on('connect', resolve).on('connect_error', reject));
    const pushed = new Promise<LiveUpdate>((resolve) =>
      socket.on('live', (update: LiveUpdate) => update.id === rootId && resolve(update)),
    );

    const write = await fetch(`${commandApi.url}/api/customer_group_im_settings/${rootId}/`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Token ${token}` },
      body: JSON.stringify({ module_name: 'Case', module_name_plural: 'Cases' }),
    });
    expect(write.status).toBe(200);
    const position = write.headers.get('x-event-position')!;

    for (const node of [queryA, queryB]) {
      const read = await fetch(`${node.url}/api/customer_group_im_settings/${rootId}/`, {
        headers: { Authorization: `Token ${token}`, 'X-Read-Position': position },
      });
      expect(await read.json()).toEqual({ module_name: 'Case', module_name_plural: 'Cases' });
    }
    expect((await pushed).position).toBe(Number(position));
    socket.close();
  });

  it('two workers share the dispatch jobs; after one is killed mid-way every job has exactly one result', async () => {
    const bus = new NamespacedBus(await KafkaBus.connect({ brokers: [kafkaBrokers!], clientId: 'topology-test' }), `${database}.`);
    const events = SqliteEventStore.open({ path: join(dataDir, 'events.sqlite') });
    const total = 300;
    const sessionId = `topology-${database}`;
    const job = (i: number): DispatchJob => ({
      deliveryId: `${sessionId}.recipient-${i}.f1:SMS.1`,
      tenantId: rootId,
      sessionId,
      page: 0,
      lane: 'priority',
      recipientId: `recipient-${i}`,
      channel: 'SMS',
      address: `+4477009${String(i).padStart(5, '0')}`,
      text: 'Drill: please reply',
    });
    const topic = dispatchTopic('priority');
    /** Every answer recorded for this test's deliveries, with the worker that recorded it. */
    const results = async () => {
      const all: RecordedEvent[] = await events.readAll();
      return all
        .filter((e) => e.type === 'DispatchesSent' && (e.data as { sessionId: string }).sessionId === sessionId)
        .flatMap((e) => (e.data as { workerId: string; outcomes: DispatchOutcome[] }).outcomes.map((outcome) => ({ ...outcome, workerId: (e.data as { workerId: string }).workerId })));
    };
    try {
      for (let i = 0; i < 100; i++) await bus.publish(topic, job(i).recipientId, job(i));
      await until('both workers to send something', async () => {
        const byWorker = new Set((await results()).map((outcome) => outcome.workerId));
        return byWorker.has('worker-1') && byWorker.has('worker-2') ? true : undefined;
      });
      await workers[0]!.kill('SIGKILL');
      for (let i = 100; i < total; i++) await bus.publish(topic, job(i).recipientId, job(i));

      const submitted = await until('every job to have a result', async () => {
        const found = await results();
        return new Set(found.map((outcome) => outcome.deliveryId)).size >= total ? found : undefined;
      }, 120_000).catch(async (error: unknown) => {
        // What the surviving worker said is the first thing to read when this fails.
        const answered = new Set((await results()).map((outcome) => outcome.deliveryId)).size;
        const ledger = (await events.readAll()).filter((e) => e.streamName.startsWith(`dispatch-${sessionId}-`));
        const claimed = ledger.filter((e) => e.type === 'DispatchesClaimed').reduce((sum, e) => sum + (e.data as { deliveryIds: string[] }).deliveryIds.length, 0);
        throw new Error(
          `${String(error)}: ${answered} of ${total} answered, ${claimed} claimed, ledger events ${ledger.map((e) => `${e.type}@${e.streamName.slice(-3)}`).join(' ')}. The surviving worker's last output:\n${workers[1]!.output().slice(-4000)}`,
        );
      });
      await new Promise((r) => setTimeout(r, 2000));
      const final = await results();
      const perJob = new Map<string, number>();
      for (const outcome of final) perJob.set(outcome.deliveryId, (perJob.get(outcome.deliveryId) ?? 0) + 1);
      expect(perJob.size).toBe(total);
      expect([...perJob.values()].every((count) => count === 1)).toBe(true);
      expect(submitted.length).toBeGreaterThanOrEqual(total);
    } finally {
      await bus.close();
      await events.close();
    }
  }, 240_000);
});
