// Sending in the distributed topology: the command API, the query API and dispatch workers as their own
// processes over real Kafka and a MongoDB-wire server (FerretDB here: `npm run infra:up`, then
// `set -a; . ./.infra.env; set +a`). One broadcast of BENCH_DIST_RECIPIENTS people on SMS through the
// simulator with one worker, then the same with three: each must complete, and three must be faster.
// Run alone with `node tools/bench/sending-distributed.mjs` (after `nx run-many -t build`), or as
// section 6 of `npm run bench`. Without Kafka or MongoDB it prints why it is skipped.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { fmtInt, heading, line } from './measure.mjs';

/** The issue's size. */
export const DIST_TARGET_RECIPIENTS = 20_000;
/**
 * Three workers "scale" when they take the broadcast at least this much faster than one: a smaller gain is
 * within what two runs of the same set-up differ by here, and is not counted as scaling.
 */
export const DIST_SCALING_MIN_RATIO = 1.2;
/**
 * The issue's size by default: about 4 minutes here (set-up ~2.5, each broadcast ~0.5). The MongoDB-wire
 * server this machine can run is FerretDB (on PostgreSQL, patched: docs/ferretdb.md), which decodes every
 * candidate row in Go and pushes no limit down, so planning (the session's recipients and their addresses)
 * is what bounds a broadcast in this topology.
 */
export const DIST_RECIPIENTS = Number(process.env.BENCH_DIST_RECIPIENTS || DIST_TARGET_RECIPIENTS);
/** How long the people may take to reach the read models (FerretDB takes them in slowly: ~2.5 minutes for 20,000). */
const SETUP_TIMEOUT_MS = Number(process.env.BENCH_DIST_SETUP_TIMEOUT_MS || 1_800_000);
const SEND_TIMEOUT_MS = 900_000;
const START_TIMEOUT_MS = 120_000;
const PEOPLE_PER_APPEND = 1_000;
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

/** One built app as its own process, listening on its own port. */
async function start(app, env) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'apps', app, 'dist', 'main.js')], { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${app} exited with ${child.exitCode}:\n${output.slice(-3000)}`);
    const up = await fetch(`${url}/api/get_company_info/`).then(() => output.includes('Listening on'), () => false);
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${app} did not start in ${START_TIMEOUT_MS / 1000} s:\n${output.slice(-3000)}`);
    }
    await sleep(200);
  }
  const exited = new Promise((r) => child.once('exit', r));
  return { url, output: () => output, stop: async () => (child.exitCode === null ? (child.kill('SIGTERM'), await exited) : undefined) };
}

async function call(base, token, method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Token ${token}` } : {}), ...(method === 'GET' ? {} : { 'Idempotency-Key': randomUUID() }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 400) throw Object.assign(new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`), { status: response.status });
  return text ? JSON.parse(text) : null;
}

async function until(what, probe, timeoutMs, everyMs = 1_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** The people, appended to the apps' event store (the set-up, as the embedded bench does it). */
async function appendPeople(require, dataDir, group, fields, count) {
  const { SqliteEventStore } = require('@beacon/event-store');
  const events = SqliteEventStore.open({ path: join(dataDir, 'events.sqlite') });
  try {
    for (let n = 0; n < count; n += PEOPLE_PER_APPEND) {
      const batch = [];
      for (let u = n; u < Math.min(count, n + PEOPLE_PER_APPEND); u++) {
        const userId = `${group.id.slice(0, 8)}-person-${String(u).padStart(7, '0')}`;
        const metadata = { tenantId: group.rootId, customerGroupId: group.id, actorUserId: null };
        batch.push({
          id: randomUUID(),
          type: 'UserRegistered',
          data: { userId, email: `p${u}-${group.id.slice(0, 8)}@bench.test`, firstName: 'Person', lastName: String(u), customerGroupId: group.id, rootId: group.rootId, customerPermission: 'CONTACT', isTemporary: false, preferredTimezone: 'Europe/London' },
          metadata,
        });
        batch.push({ id: randomUUID(), type: 'UserFieldValuesChanged', data: { userId, values: [{ fieldId: fields.mobile.id, values: [`+4479${String(u).padStart(8, '0')}`] }] }, metadata });
      }
      await events.appendToStream(`bench_people-${group.id}-${n}`, batch);
    }
  } finally {
    await events.close();
  }
}

const broadcast = (group, mobile) => ({
  scenario_name: `Distributed bench ${randomUUID().slice(0, 6)}`,
  customer_group: group.id,
  is_real: true,
  recipients: { include: [{ recipient_type: 'everyone', recipient_value: [] }], exclude: [], is_single_criteria: true },
  devices: [{ dispatch_type: 'SMS', id: `${mobile.id}:SMS`, field_id: mobile.id, label: 'SMS', field_label: 'Mobile', heading: '', position: 1 }],
  message: { sms: 'Bench message: please ignore.', email: '', voice: '' },
});

/**
 * Sends through the command API and waits for the query API to say complete: the time from the send to
 * complete, and how long the send took to be answered (it waits for the read models to catch up with
 * everything before it, which after a broadcast is the query API's projections still writing its tail).
 */
async function sendAndWait(commandUrl, queryUrl, token, body) {
  const started = performance.now();
  const key = randomUUID();
  let session;
  // The read models may still be taking in the people (409): the send is tried again under one key.
  for (;;) {
    const response = await fetch(`${commandUrl}/api/scenario/send_without_saving/`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Token ${token}`, 'Idempotency-Key': key }, body: JSON.stringify(body) });
    if (response.status === 202) {
      session = await response.json();
      break;
    }
    if (response.status !== 409) throw new Error(`send: ${response.status} ${await response.text()}`);
    await sleep(1_000);
  }
  const answeredMs = performance.now() - started;
  const result = await until('the session to complete', async () => {
    const seen = await call(queryUrl, token, 'GET', `/api/scenario/run_result/${session.task_id}/`);
    return seen.status === 'complete' ? seen : undefined;
  }, SEND_TIMEOUT_MS, 250);
  return { ms: performance.now() - started, answeredMs, result };
}

export async function benchSendingDistributed(require) {
  const brokers = process.env.KAFKA_BROKERS;
  const mongoUrl = process.env.MONGO_URL;
  if (!brokers || !mongoUrl) {
    line('skipped', 'no Kafka or MongoDB-wire server (KAFKA_BROKERS or MONGO_URL unset; `npm run infra:up`, then `set -a; . ./.infra.env; set +a`)');
    return null;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'beacon-bench-dist-'));
  const run = randomUUID().slice(0, 8);
  const database = `beacon_bench_${run}`;
  const env = (nodeId) => ({ KAFKA_BROKERS: brokers, MONGO_URL: mongoUrl, MONGO_DATABASE: database, BUS_TOPIC_PREFIX: `bench-${run}`, NODE_ID: nodeId, DATA_DIR: dataDir, SEED_DEMO_PEOPLE: 'false', LOG_LEVEL: 'warn' });
  const apps = [];
  try {
    const commandApi = await start('command-api', env('command-1'));
    apps.push(commandApi);
    const queryApi = await start('query-api', env('query-1'));
    apps.push(queryApi);
    const workers = [await start('dispatch-worker', env('worker-1'))];
    apps.push(...workers);
    const token = (await call(commandApi.url, null, 'POST', '/api/rest-auth/login/', { email: 'admin@demo.test', password: 'Demo-password-1' })).key;
    const rootId = require('@beacon/command-api').DEMO_GROUPS[0].customerGroupId;
    const group = { ...(await call(commandApi.url, token, 'POST', '/api/customer_group/', { name: `Bench ${run}`, parent: rootId })), rootId };
    const mobile = await call(commandApi.url, token, 'POST', '/api/field/', { label: 'Mobile', field_type: 'PHONE(SMS&VOICE)', customer_group: group.id });

    const setUp = performance.now();
    await appendPeople(require, dataDir, group, { mobile }, DIST_RECIPIENTS);
    await until(`${DIST_RECIPIENTS} people in the read models`, async () => {
      const counted = await call(queryApi.url, token, 'POST', '/api/scenario/get_recipients_count/', { customer_group: group.id, recipients: broadcast(group, mobile).recipients, devices: broadcast(group, mobile).devices });
      return counted.count >= DIST_RECIPIENTS ? true : undefined;
    }, SETUP_TIMEOUT_MS, 2_000);
    const setUpS = (performance.now() - setUp) / 1000;
    line('set-up (not a target)', `${fmtInt(DIST_RECIPIENTS)} people appended and in the read models in ${setUpS.toFixed(1)} s (${fmtInt(DIST_RECIPIENTS / setUpS)} people/s)`);

    const { MongoClient } = require('mongodb');
    /**
     * The broadcast's own time, from its session's start to complete (its read-model document), and when it was
     * planned: planning bounds what workers can do. Workers are compared on this time, which the wait for the
     * send's answer (the read models catching up with the broadcast before) does not blur.
     */
    const phases = async (label, sent) => {
      const client = await MongoClient.connect(mongoUrl);
      try {
        const session = await client.db(database).collection('message_sessions').findOne({ '_id.i': sent.result.session_id });
        const since = (at) => (Date.parse(at) - Date.parse(session.started_at)) / 1000;
        line(`${label}, phases (not a target)`, `send answered after ${(sent.answeredMs / 1000).toFixed(1)} s; planned after ${since(session.planned_at).toFixed(1)} s, complete after ${since(session.completed_at).toFixed(1)} s`);
        return { ...sent, sessionMs: since(session.completed_at) * 1000 };
      } finally {
        await client.close();
      }
    };

    const one = await phases('1 worker', await sendAndWait(commandApi.url, queryApi.url, token, broadcast(group, mobile)));
    line('1 worker', `${fmtInt(one.result.deliveries)} deliveries complete in ${(one.ms / 1000).toFixed(1)} s: ${fmtInt(one.result.deliveries / (one.ms / 1000))} jobs/s`);
    for (const n of [2, 3]) workers.push(await start('dispatch-worker', env(`worker-${n}`)));
    apps.push(...workers.slice(1));
    // The new workers join the lanes' consumer groups; the partitions are shared once the rebalance settles.
    await sleep(10_000);
    const three = await phases('3 workers', await sendAndWait(commandApi.url, queryApi.url, token, broadcast(group, mobile)));
    line(
      '3 workers',
      `${fmtInt(three.result.deliveries)} deliveries complete in ${(three.ms / 1000).toFixed(1)} s: ${fmtInt(three.result.deliveries / (three.ms / 1000))} jobs/s; the broadcast itself ${(three.sessionMs / 1000).toFixed(1)} s against ${(one.sessionMs / 1000).toFixed(1)} s with one worker (${(one.sessionMs / three.sessionMs).toFixed(2)}x)`,
    );
    return { one, three };
  } finally {
    await Promise.all(apps.map((app) => app.stop()));
    const { MongoClient } = require('mongodb');
    const client = await MongoClient.connect(mongoUrl).catch(() => null);
    await client?.db(database).dropDatabase().catch(() => undefined);
    await client?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const require = createRequire(import.meta.url);
  heading(`6. Sending in the distributed topology (Kafka, MongoDB wire, separate processes): ${fmtInt(DIST_RECIPIENTS)} people`);
  const result = await benchSendingDistributed(require);
  if (result) {
    const complete = result.one.result.deliveries === DIST_RECIPIENTS && result.three.result.deliveries === DIST_RECIPIENTS;
    line(
      'targets',
      `${fmtInt(DIST_TARGET_RECIPIENTS)} complete with 3 workers: ${complete && DIST_RECIPIENTS >= DIST_TARGET_RECIPIENTS ? 'met' : `NOT MET (measured at ${fmtInt(DIST_RECIPIENTS)})`}; 3 workers >= ${DIST_SCALING_MIN_RATIO}x one (session start to complete): ${result.one.sessionMs / result.three.sessionMs >= DIST_SCALING_MIN_RATIO ? 'met' : 'NOT MET'}`,
    );
  }
  setTimeout(() => process.exit(0), 1_000).unref();
}
