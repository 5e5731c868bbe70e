// What one document costs to write into the embedded read store, indexed as the embedded app indexes it
// (every query-api projection's indexes, and the outbox's). Run after a build:
//   node tools/bench/read-store-writes.mjs
// BENCH_READ_STORE=<a built @beacon/read-store package directory> measures another build of the store
// (an older one, to compare layouts) under the same indexes and documents.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fmtInt, heading, line } from './measure.mjs';

const require = createRequire(import.meta.url);
const { SqliteReadStore } = require(process.env.BENCH_READ_STORE ?? '@beacon/read-store');
const { ensureProjectionIndexes } = require('@beacon/projections');
const { QUERY_PROJECTIONS } = require('@beacon/query-api/dist/query-projections.js');
const { MESSAGE_DELIVERIES } = require('@beacon/query-api/dist/shared/read-models/message-sessions.read-model.js');

const TENANT = 'bench-tenant-0000-0000-000000000001';
const DOCUMENTS = Number(process.env.BENCH_READ_STORE_DOCUMENTS ?? 50_000);
/** The simulated outbox writes what one dispatch batch sent in one upsertMany. */
const BATCH = 200;
const ROUNDS = 3;
const SESSIONS = 20;
/** The outbox's indexes, as the simulator's outbox list makes them (simulator-outbox.handler.ts). */
const OUTBOX_INDEXES = [
  { keys: { sent_at: -1 }, name: 'outbox_newest' },
  { keys: { session_id: 1, sent_at: -1 }, name: 'outbox_by_session' },
  { keys: { channel: 1, sent_at: -1 }, name: 'outbox_by_channel' },
];

const outboxMessage = (round, i) => ({
  _id: `r${round}-delivery-${String(i).padStart(7, '0')}`,
  session_id: `session-${i % SESSIONS}`,
  channel: 'SMS',
  address: `+4479${String(i).padStart(8, '0')}`,
  subject: null,
  content: 'Flood warning for the river path: please stay away from the embankment until further notice.',
  sent_at: new Date(Date.UTC(2026, 0, 1) + i * 10).toISOString(),
});

const delivery = (round, i) => ({
  _id: `r${round}-delivery-${String(i).padStart(7, '0')}`,
  session_id: `session-${i % SESSIONS}`,
  recipient_id: `user-${String(i).padStart(7, '0')}`,
  device_id: `device-${String(i).padStart(7, '0')}`,
  channel: 'SMS',
  address: `+4479${String(i).padStart(8, '0')}`,
  attempt: 1,
  status: 'delivered',
  superseded: false,
  provider: 'simulator',
  provider_message_id: `sim-${i}`,
  reason: null,
  reply: null,
});

const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The medians over rounds of µs per document, each round writing DOCUMENTS new documents: elapsed, and
 * the process's CPU time (user and system), which other work on a shared machine disturbs less.
 */
async function perDocument(write) {
  const elapsed = [];
  const cpu = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    const startedCpu = process.cpuUsage();
    for (let from = 0; from < DOCUMENTS; from += BATCH) await write(round, from, Math.min(DOCUMENTS, from + BATCH));
    const used = process.cpuUsage(startedCpu);
    elapsed.push(((performance.now() - started) * 1000) / DOCUMENTS);
    cpu.push((used.user + used.system) / DOCUMENTS);
  }
  return `${median(elapsed).toFixed(1)} µs per document, ${median(cpu).toFixed(1)} µs of CPU (${fmtInt(DOCUMENTS * ROUNDS)} documents)`;
}

const directory = mkdtempSync(join(tmpdir(), 'bench-read-store-writes-'));
try {
  const store = SqliteReadStore.open({ path: join(directory, 'read-store.sqlite') });
  await ensureProjectionIndexes(store, QUERY_PROJECTIONS);
  await store.ensureIndexes('outbox', OUTBOX_INDEXES);
  heading(`Read-store writes (${process.env.BENCH_READ_STORE ?? '@beacon/read-store'})`);
  const db = new (require('better-sqlite3'))(join(directory, 'read-store.sqlite'), { readonly: true });
  const schema = db.prepare("SELECT type, count(*) AS n FROM sqlite_master WHERE name LIKE 'read_store%' GROUP BY type").all();
  db.close();
  line('schema objects', schema.map(({ type, n }) => `${n} ${type}s`).join(', '));

  const outbox = store.scope(TENANT).collection('outbox');
  const outboxUs = await perDocument((round, from, to) => {
    const messages = [];
    for (let i = from; i < to; i++) messages.push(outboxMessage(round, i));
    return outbox.upsertMany(messages);
  });
  line(`outbox upsertMany of ${BATCH}`, outboxUs);

  let position = 0;
  const deliveriesUs = await perDocument((round, from, to) => {
    const events = [];
    for (let i = from; i < to; i++) {
      const document = delivery(round, i);
      events.push({ position: ++position, changes: [{ collection: MESSAGE_DELIVERIES, tenantId: TENANT, id: document._id, apply: () => document }] });
    }
    return store.applyProjectionBatch('bench-deliveries', events);
  });
  line(`${MESSAGE_DELIVERIES} projection batch of ${BATCH}`, deliveriesUs);
  await store.close();
} finally {
  rmSync(directory, { recursive: true, force: true });
}
