#!/usr/bin/env node
// Throughput benchmark of the embedded (SQLite) event store and projection pipeline, compared with
// @event-driven-io/emmett-sqlite on the same append workloads; then list reads in the embedded read store
// (reads.mjs) and over HTTP against the embedded app (http.mjs). Run it with `npm run bench` (which builds
// first). It prints figures and a summary against the targets and always exits 0.
import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchHttp, HTTP } from './http.mjs';
import { benchSending, SEND_RECIPIENTS, SENDING_TARGETS } from './sending.mjs';
import { REPORT_TARGETS } from './session-report.mjs';
import { benchSendingDistributed, DIST_RECIPIENTS, DIST_SCALING_MIN_RATIO, DIST_TARGET_RECIPIENTS } from './sending-distributed.mjs';
import { errorText, fmtInt, fmtMb, fmtMs, heading, line, percentile, sleep } from './measure.mjs';
import {
  ACTIVITY_SIZES,
  benchActivityLog,
  benchContactFields,
  benchIncidentList,
  benchOnCallNow,
  benchRecipientCount,
  benchUserList,
  FIELD_GROUPS,
  FIELDS_PER_GROUP,
  INCIDENTS,
  LIST_USERS,
  loadQueryApi,
  ON_CALL_WEEKS,
  RECIPIENT_COUNT_TARGET_MS,
} from './reads.mjs';

const here = import.meta.dirname;
const root = join(here, '..', '..');
const require = createRequire(import.meta.url);

// ---- settings (about a minute of measuring on a 2-core machine) --------------------------------------------
const WARMUP_SECONDS = 0.5;
const BATCH_SIZE = 100;
const WORKLOADS = [
  { key: 'concurrent', section: '1a', title: 'single-event appends, 50 concurrent writers', writers: 50, seconds: 5, eventsPerAppend: 1 },
  { key: 'batch1', section: '1b', title: `${BATCH_SIZE}-event batch appends, 1 writer`, writers: 1, seconds: 3, eventsPerAppend: BATCH_SIZE },
  { key: 'batch4', section: '1b', title: `${BATCH_SIZE}-event batch appends, 4 concurrent writers`, writers: 4, seconds: 3, eventsPerAppend: BATCH_SIZE },
];
const PROJECTION_STREAMS = 10_000;
const PROJECTION_EVENTS_PER_STREAM = 20;
const PROJECTION_ROUNDS = 4; // each stream gets PROJECTION_EVENTS_PER_STREAM / PROJECTION_ROUNDS events per round
const PROJECTION_TENANTS = 4;
const PROJECTION_IN_FLIGHT = 200;
const PROJECTION_TIMEOUT_MS = 120_000;

const TARGETS = {
  batchEventsPerSec: 50_000,
  projectionEventsPerSec: 30_000,
  concurrentAppendsPerSec: 5_000,
  concurrentP99Ms: 20,
  ratio: 1,
  incidentPageP99Ms: 20,
  activityPageP99Ms: 30,
  contactFieldsP99Ms: 50,
  userListP99Ms: 50,
  userXlsxExportMs: 15_000,
  userXlsxExportMb: 300,
  onCallNowP99Ms: 100,
  /** A message's recipient count at 100,000 users, for each of its 3f scenarios. */
  recipientCountP99Ms: RECIPIENT_COUNT_TARGET_MS,
  /** Resident memory may grow by the read store's page cache at most (64 MB) between 100,000 and 1,000,000 entries. */
  activityRssGrowthBytes: 64 * 1024 * 1024,
  httpListPerSec: 2_000,
  httpListMoonshotPerSec: 5_000,
  httpListP99Ms: 50,
  /** The builder's SMS part count of 10 MB of text (plain GSM and with a non-GSM last character; all typographic variants twice that). */
  smsSegmentsMs: 500,
  smsSegmentsTypographicMs: 1_000,
  /** The builder's placeholder masking of a megabyte of placeholders, or of unpaired hash marks (linear, never quadratic). */
  placeholderMaskMs: 500,
};

const SMS_TEXT_BYTES = 10 * 1024 * 1024;

/** 3g: countSmsSegments over three 10 MB texts, the median of 5 runs each. */
function benchSmsSegments(require) {
  const { countSmsSegments } = require('@beacon/domain');
  const texts = {
    gsm: ['GSM text', 'a'.repeat(SMS_TEXT_BYTES)],
    typographic: ['all typographic variants', '\u2019'.repeat(SMS_TEXT_BYTES)],
    ucs2: ['last character not GSM', `${'a'.repeat(SMS_TEXT_BYTES - 1)}\u00e1`],
  };
  return medianOfFive(texts, countSmsSegments);
}

/** Times `work` on each text five times and keeps the median: the figures of sections 3g and 3h. */
function medianOfFive(texts, work) {
  const results = {};
  for (const [key, [label, text]] of Object.entries(texts)) {
    const runs = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      work(text);
      runs.push(performance.now() - started);
    }
    runs.sort((a, b) => a - b);
    results[key] = { label, ms: runs[2] };
    line(label, `${fmtMs(runs[2])} ms (median of 5)`);
  }
  return results;
}

/** 3h: maskPlaceholders over a megabyte of placeholders and a megabyte of unpaired hash marks, the median of 5 runs each. */
function benchPlaceholderMasking(require) {
  const { maskPlaceholders } = require('@beacon/domain');
  const texts = {
    placeholders: ['a megabyte of placeholders', '#a# '.repeat(256 * 1024)],
    unpaired: ['a megabyte of unpaired hash marks on separate lines', '#\n'.repeat(512 * 1024)],
  };
  return medianOfFive(texts, maskPlaceholders);
}

// Same payload on both sides: a ~200-byte JSON body and a tenant in the metadata.
const PAYLOAD_TEXT = 'x'.repeat(160);
const payload = (seq) => ({ kind: 'bench', seq, text: PAYLOAD_TEXT });
const TENANT_METADATA = { tenantId: 'tenant-bench' };

// ---- temp dirs ------------------------------------------------------------------------------------------------
const tempDirs = new Set();
function tempDir(label) {
  const dir = mkdtempSync(join(tmpdir(), `beacon-bench-${label}-`));
  tempDirs.add(dir);
  return dir;
}
function removeDir(dir) {
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch {
    // best effort
  }
  tempDirs.delete(dir);
}
function cleanUp() {
  for (const dir of [...tempDirs]) removeDir(dir);
}
process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

// ---- formatting -----------------------------------------------------------------------------------------------
const fmtRatio = (n) => (Number.isFinite(n) ? `${n.toFixed(2)}x` : n === Infinity ? 'inf (emmett 0)' : 'n/a');

// ---- the workload driver ----------------------------------------------------------------------------------------
/**
 * `writers` loops, each appending to its own stream (expected revision = the writer's last one) until the
 * warm-up and then `seconds` have passed; only appends that complete inside the measured window count.
 */
async function timedWriters({ writers, seconds, eventsPerAppend, makeWriter }) {
  const latencies = [];
  let appends = 0;
  let errors = 0;
  let firstError;
  let measuring = false;
  let stop = false;
  const states = [];
  for (let w = 0; w < writers; w++) states.push(await makeWriter(w));
  const loops = states.map(async (state) => {
    let seq = 0;
    while (!stop) {
      const started = performance.now();
      try {
        await state.append(seq);
        seq += eventsPerAppend;
        if (measuring && !stop) {
          latencies.push(performance.now() - started);
          appends++;
        }
      } catch (error) {
        errors++; // counted over the whole run, warm-up included
        firstError ??= error;
        await state.recover();
      }
    }
  });
  await sleep(WARMUP_SECONDS * 1000);
  measuring = true;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await sleep(seconds * 1000);
  stop = true;
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  await Promise.all(loops);
  latencies.sort((a, b) => a - b);
  return {
    appendsPerSec: appends / elapsed,
    eventsPerSec: (appends * eventsPerAppend) / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    firstError,
    // Process CPU time (all threads, so it includes sqlite3's worker threads) over wall time; 100% = one core.
    cpuPercent: (cpu.user + cpu.system) / 1e4 / elapsed,
  };
}

function printResult(label, workload, result) {
  if (!result) {
    line(label, 'not measured');
    return;
  }
  const cpu = `CPU ${Math.round(result.cpuPercent)}%`;
  if (workload.eventsPerAppend === 1) {
    line(label, `${fmtInt(result.appendsPerSec).padStart(7)} appends/s   p50 ${fmtMs(result.p50)} ms, p99 ${fmtMs(result.p99)} ms   ${cpu}`);
  } else {
    line(
      label,
      `${fmtInt(result.eventsPerSec).padStart(7)} events/s   (${fmtInt(result.appendsPerSec)} appends/s, p50 ${fmtMs(result.p50)} ms, p99 ${fmtMs(result.p99)} ms)   ${cpu}`,
    );
  }
  if (result.errors) line('', `${fmtInt(result.errors)} appends failed and were retried (first: ${errorText(result.firstError).slice(0, 60)})`);
}

const throughput = (workload, result) => (workload.eventsPerAppend === 1 ? result?.appendsPerSec : result?.eventsPerSec);

// ---- our SQLite event store ---------------------------------------------------------------------------------------
function loadBeacon() {
  try {
    return { ...require('@beacon/event-store'), ...require('@beacon/read-store'), ...require('@beacon/projections') };
  } catch (error) {
    return { error: `the built @beacon libs do not load (${errorText(error)}); npm run bench builds them first` };
  }
}

function ourEvents(count, seq) {
  const events = new Array(count);
  for (let i = 0; i < count; i++) events[i] = { id: randomUUID(), type: 'BenchEvent', data: payload(seq + i), metadata: TENANT_METADATA };
  return events;
}

async function runOurs(beacon, workload) {
  const dir = tempDir(`ours-${workload.key}`);
  const store = beacon.SqliteEventStore.open({ path: join(dir, 'events.sqlite') });
  try {
    const result = await timedWriters({
      ...workload,
      makeWriter: async (w) => {
        const streamName = `bench-${w}`;
        let expectedRevision = 'no-stream';
        return {
          append: async (seq) => {
            const appended = await store.appendToStream(streamName, ourEvents(workload.eventsPerAppend, seq), { expectedRevision });
            expectedRevision = appended.nextExpectedRevision;
          },
          recover: async () => {
            const events = await store.readStream(streamName).catch(() => []);
            expectedRevision = events.length ? events[events.length - 1].revision : 'no-stream';
          },
        };
      },
    });
    result.commits = store.commitCount;
    return result;
  } finally {
    await store.close();
    removeDir(dir);
  }
}

// ---- projection throughput ------------------------------------------------------------------------------------------
async function benchProjection(beacon) {
  const dir = tempDir('projection');
  const eventStore = beacon.SqliteEventStore.open({ path: join(dir, 'events.sqlite') });
  const readStore = beacon.SqliteReadStore.open({ path: join(dir, 'read-models.sqlite') });
  let runner;
  try {
    // Pre-append in rounds, so each stream's events are spread over the global order and a projection
    // batch touches many documents, as live traffic would.
    const perRound = PROJECTION_EVENTS_PER_STREAM / PROJECTION_ROUNDS;
    const total = PROJECTION_STREAMS * PROJECTION_EVENTS_PER_STREAM;
    const revisions = new Array(PROJECTION_STREAMS).fill('no-stream');
    const fill0 = performance.now();
    for (let round = 0; round < PROJECTION_ROUNDS; round++) {
      let next = 0;
      const worker = async () => {
        while (next < PROJECTION_STREAMS) {
          const s = next++;
          const metadata = { tenantId: `tenant-${s % PROJECTION_TENANTS}` };
          const events = [];
          for (let i = 0; i < perRound; i++) events.push({ id: randomUUID(), type: 'CounterIncremented', data: payload(round * perRound + i), metadata });
          const appended = await eventStore.appendToStream(`counter-${s}`, events, { expectedRevision: revisions[s] });
          revisions[s] = appended.nextExpectedRevision;
        }
      };
      await Promise.all(Array.from({ length: PROJECTION_IN_FLIGHT }, worker));
    }
    const fillSeconds = (performance.now() - fill0) / 1000;
    const head = await eventStore.headPosition();
    line(
      'pre-append (setup, not a target)',
      `${fmtInt(total)} events, ${fmtInt(PROJECTION_STREAMS)} streams, ${PROJECTION_TENANTS} tenants: ${fillSeconds.toFixed(1)} s ` +
        `(${fmtInt(total / fillSeconds)} events/s; ${perRound}-event appends, ${PROJECTION_IN_FLIGHT} in flight)`,
    );

    const projection = {
      name: 'bench-counters',
      collections: ['bench_counters'],
      project: (event) => [
        {
          collection: 'bench_counters',
          tenantId: event.metadata.tenantId,
          id: event.streamName,
          apply: (current) => ({ _id: event.streamName, count: (current?.count ?? 0) + 1, lastPosition: event.position }),
        },
      ],
    };
    let failure;
    runner = new beacon.ProjectionRunner({ eventStore, readStore, projections: [projection], onError: (error) => (failure ??= error) });
    const t0 = performance.now();
    await runner.start();
    const reached = await runner.waitFor(head, PROJECTION_TIMEOUT_MS);
    const seconds = (performance.now() - t0) / 1000;
    await runner.stop();
    runner = undefined;

    // Every stream must have become one document whose counter saw all of its events.
    let documents = 0;
    let counted = 0;
    for (let t = 0; t < PROJECTION_TENANTS; t++) {
      const docs = await readStore.scope(`tenant-${t}`).collection('bench_counters').find({});
      documents += docs.length;
      for (const doc of docs) counted += doc.count;
    }
    const ok = reached && documents === PROJECTION_STREAMS && counted === total;
    const eventsPerSec = reached ? total / seconds : NaN;
    line(
      'projection, position 0 -> head',
      reached
        ? `${fmtInt(eventsPerSec)} events/s   (${seconds.toFixed(2)} s; runner's default batch of 500 events)`
        : `did not reach the head within ${PROJECTION_TIMEOUT_MS / 1000} s${failure ? `: ${errorText(failure)}` : ''}`,
    );
    line('check', `${fmtInt(documents)} documents counting ${fmtInt(counted)} events ${ok ? '(as expected)' : '(MISMATCH)'}`);
    return { eventsPerSec, ok };
  } finally {
    await runner?.stop();
    await eventStore.close();
    await readStore.close();
    removeDir(dir);
  }
}

// ---- emmett-sqlite --------------------------------------------------------------------------------------------------
function ensureEmmettInstalled() {
  const needed = ['@event-driven-io/emmett-sqlite', 'sqlite3'].map((name) => join(here, 'node_modules', name, 'package.json'));
  if (needed.every((path) => existsSync(path))) return null;
  console.log('bench: tools/bench/node_modules is missing; installing @event-driven-io/emmett-sqlite and sqlite3 there');
  console.log('bench: (first run only; sqlite3 is built from source, which takes a minute or two)');
  try {
    execSync('npm install --prefix tools/bench --no-audit --no-fund --legacy-peer-deps', { cwd: root, stdio: 'inherit' });
    return null;
  } catch (error) {
    return `npm install into tools/bench failed (${errorText(error)})`;
  }
}

async function loadEmmett() {
  const installError = ensureEmmettInstalled();
  if (installError) return { error: installError };
  try {
    // sqlite3 first: a native binding that did not build is the likely failure and gets its own message.
    await import('sqlite3');
  } catch (error) {
    return { error: `the sqlite3 native module does not load (${errorText(error)})` };
  }
  try {
    const emmett = await import('@event-driven-io/emmett-sqlite');
    const version = (name) => require(join(here, 'node_modules', name, 'package.json')).version;
    return { emmett, version: version('@event-driven-io/emmett-sqlite'), sqlite3Version: version('sqlite3') };
  } catch (error) {
    return { error: `@event-driven-io/emmett-sqlite does not load (${errorText(error)})` };
  }
}

/** The settings a connection opened the way emmett opens its own gets (emmett itself sets only journal_mode = WAL). */
async function emmettPragmas(emmett) {
  const dir = tempDir('emmett-pragmas');
  const fileName = join(dir, 'events.sqlite');
  const store = emmett.getSQLiteEventStore({ fileName });
  await store.schema.migrate();
  const connection = emmett.sqliteConnection({ fileName });
  const value = async (pragma) => Object.values((await connection.querySingle(`PRAGMA ${pragma}`)) ?? {})[0];
  try {
    const synchronous = await value('synchronous');
    return {
      journalMode: String(await value('journal_mode')).toUpperCase(),
      synchronous: { 0: 'OFF', 1: 'NORMAL', 2: 'FULL', 3: 'EXTRA' }[synchronous] ?? String(synchronous),
      busyTimeoutMs: await value('busy_timeout'),
    };
  } finally {
    connection.close();
    await sleep(50);
    removeDir(dir);
  }
}

/**
 * The two ways to run emmett-sqlite on a file in one process:
 * - defaults: getSQLiteEventStore({ fileName }) as documented; its pool opens a new sqlite3 connection for
 *   each operation, and concurrent appends wait for each other in SQLite's busy handler;
 * - tuned: one connection passed in as a singleton, appends queued one at a time (emmett's transaction
 *   nesting is per connection: unqueued concurrent appends would join one another's transaction and be
 *   acknowledged before their COMMIT, which is weaker durability than ours).
 */
const EMMETT_SETUPS = [
  { key: 'defaults', label: 'emmett-sqlite, defaults' },
  { key: 'tuned', label: 'emmett-sqlite, tuned (shared connection)' },
];

function emmettEvents(count, seq) {
  const events = new Array(count);
  for (let i = 0; i < count; i++) events[i] = { type: 'BenchEvent', data: payload(seq + i), metadata: TENANT_METADATA };
  return events;
}

async function runEmmett(emmett, setup, workload) {
  const dir = tempDir(`emmett-${setup}-${workload.key}`);
  const fileName = join(dir, 'events.sqlite');
  const connection = setup === 'tuned' ? emmett.sqliteConnection({ fileName }) : undefined;
  const store = connection
    ? emmett.getSQLiteEventStore({ fileName, connectionOptions: { singleton: true, connection } })
    : emmett.getSQLiteEventStore({ fileName });
  let tail = Promise.resolve();
  const queued = (fn) => {
    const run = tail.then(fn);
    tail = run.catch(() => undefined);
    return run;
  };
  const call = connection ? queued : (fn) => fn();

  // emmett logs every failed transaction with console.log. And each connection it opens runs
  // `PRAGMA journal_mode = WAL` without a callback: when that meets a locked database, sqlite3 emits an
  // 'error' event nobody listens to, which would end the process. Count those instead.
  const unhandled = { count: 0, first: undefined };
  const onUncaught = (error) => {
    unhandled.count++;
    unhandled.first ??= error;
  };
  const log = console.log;
  console.log = () => undefined;
  process.on('uncaughtException', onUncaught);
  try {
    await store.schema.migrate();
    const result = await timedWriters({
      ...workload,
      makeWriter: async (w) => {
        const streamName = `bench-${w}`;
        let expectedStreamVersion = 0n; // emmett's stream version counts events: 0n is an empty stream
        return {
          append: async (seq) => {
            const events = emmettEvents(workload.eventsPerAppend, seq);
            const appended = await call(() => store.appendToStream(streamName, events, { expectedStreamVersion }));
            expectedStreamVersion = appended.nextExpectedStreamVersion;
          },
          recover: async () => {
            const read = await call(() => store.readStream(streamName)).catch(() => null);
            if (read) expectedStreamVersion = read.currentStreamVersion;
          },
        };
      },
    });
    result.unhandled = unhandled;
    return result;
  } finally {
    connection?.close();
    await sleep(100); // sqlite3 closes connections (and reports late errors) asynchronously
    process.off('uncaughtException', onUncaught);
    console.log = log;
    removeDir(dir);
  }
}

// ---- main -----------------------------------------------------------------------------------------------------------
async function main() {
  console.log('Beacon benchmark: embedded SQLite event store and projections, and emmett-sqlite on the same append workloads;');
  console.log('then list reads in the embedded read store and over HTTP against the embedded app');
  console.log(`node ${process.version}, ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}, temp dir ${tmpdir()}`);
  console.log(`each writer appends to its own stream, passing its last revision as the expected one; ${WARMUP_SECONDS} s warm-up not counted;`);
  console.log(`event data ~${JSON.stringify(payload(0)).length} bytes of JSON plus metadata { tenantId }; a fresh file DB in a temp dir per run`);

  const beacon = loadBeacon();
  if (beacon.error) console.log(`\nOUR STORE NOT MEASURED: ${beacon.error}`);

  heading('Set-up');
  line('ours', '@beacon/event-store SqliteEventStore: WAL, synchronous=FULL, group commit (one transaction per tick)');
  const loaded = await loadEmmett();
  if (loaded.error) {
    line('emmett-sqlite', `NOT MEASURED: ${loaded.error}`);
  } else {
    line('emmett-sqlite', `@event-driven-io/emmett-sqlite ${loaded.version} on sqlite3 ${loaded.sqlite3Version} (built from source)`);
    try {
      const p = await emmettPragmas(loaded.emmett);
      const same = p.journalMode === 'WAL' && p.synchronous === 'FULL';
      line('emmett-sqlite settings', `journal_mode=${p.journalMode}, synchronous=${p.synchronous}, busy_timeout=${p.busyTimeoutMs} ms`);
      line(
        '',
        same
          ? 'same durability as ours (emmett sets only WAL; synchronous=FULL is the sqlite3 build default)'
          : `NOT the same durability as ours (ours: WAL + synchronous=FULL)`,
      );
    } catch (error) {
      line('emmett-sqlite settings', `could not be read (${errorText(error)})`);
    }
    line('', 'each append is its own BEGIN IMMEDIATE ... COMMIT (one WAL fsync per append, no group commit)');
    line('', `defaults: getSQLiteEventStore({ fileName }), which opens a sqlite3 connection per operation`);
    line('', `tuned: one connection shared as a singleton, appends queued one at a time (a mutex)`);
    line('', `sqlite3 runs on the libuv thread pool (UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? '4, the default'})`);
  }

  // Ours and emmett's set-ups run back to back for each workload, so a busy moment on the machine hits them alike.
  const ours = {};
  const theirs = {};
  const ratios = {};
  for (const workload of WORKLOADS) {
    heading(`${workload.section}. ${workload.title}, ${workload.seconds} s`);
    if (!beacon.error) {
      ours[workload.key] = await runOurs(beacon, workload);
      printResult('ours (SqliteEventStore)', workload, ours[workload.key]);
    }
    if (!loaded.error) {
      const measured = {};
      for (const { key, label } of EMMETT_SETUPS) {
        try {
          measured[key] = await runEmmett(loaded.emmett, key, workload);
          printResult(label, workload, measured[key]);
          if (measured[key].unhandled.count) {
            line('', `${fmtInt(measured[key].unhandled.count)} unhandled sqlite3 'error' events caught (${errorText(measured[key].unhandled.first).slice(0, 50)})`);
          }
        } catch (error) {
          line(label, `FAILED: ${errorText(error)}`);
        }
      }
      const best = EMMETT_SETUPS.map(({ key }) => ({ key, value: throughput(workload, measured[key]) ?? NaN }))
        .filter(({ value }) => Number.isFinite(value))
        .sort((a, b) => b.value - a.value)[0];
      if (best && ours[workload.key]) {
        ratios[workload.key] = throughput(workload, ours[workload.key]) / best.value;
        theirs[workload.key] = best;
        line('ratio ours / best emmett set-up', `${fmtRatio(ratios[workload.key])} (against emmett ${best.key})`);
      }
    }
  }

  heading('2. Projection throughput into the embedded read store (ProjectionRunner -> SqliteReadStore, own file)');
  let projection;
  if (!beacon.error) projection = await benchProjection(beacon);

  // Each later section runs on its own; one that fails says why and leaves the others their figures.
  const section = async (title, run) => {
    heading(title);
    try {
      return await run();
    } catch (error) {
      line('FAILED', errorText(error));
      return undefined;
    }
  };
  const queryApi = beacon.error ? null : loadQueryApi(require);
  const dirs = { root, require, tempDir, removeDir };
  const incidentList = queryApi && (await section(`3a. Incident list in the embedded read store: pages of 50 out of ${fmtInt(INCIDENTS)} incidents of one organisation`, () => benchIncidentList(queryApi, dirs)));
  const activityLog = queryApi && (await section(`3b. Activity log in the embedded read store, growing to ${fmtInt(ACTIVITY_SIZES.at(-1))} entries`, () => benchActivityLog(queryApi, dirs)));
  const contactFields =
    queryApi &&
    (await section(`3c. Contact fields of a group in the embedded read store: ${fmtInt(FIELD_GROUPS)} groups with ${FIELDS_PER_GROUP} fields each`, () => benchContactFields(queryApi, dirs)));
  const userList =
    queryApi && (await section(`3d. A customer group's users in the embedded read store: ${fmtInt(LIST_USERS)} users of one organisation`, () => benchUserList(queryApi, dirs)));
  const onCallNow =
    queryApi &&
    (await section(`3e. Who is on call now, in the embedded read store: ${fmtInt(LIST_USERS)} users with ${fmtInt(LIST_USERS * ON_CALL_WEEKS)} periods`, () => benchOnCallNow(queryApi, dirs)));
  const recipientCount =
    queryApi &&
    (await section(`3f. A message's recipient count, in the embedded read store: ${fmtInt(LIST_USERS)} users with their devices, data and on-call periods`, () => benchRecipientCount(queryApi, dirs)));
  const smsSegments = await section('3g. The SMS part count of 10 MB of text', () => benchSmsSegments(require));
  const placeholderMasking = await section('3h. Masking the placeholders of a megabyte of text', () => benchPlaceholderMasking(require));
  const http = await section(`4. HTTP against the embedded app: the incident list (page of 50 out of ${fmtInt(HTTP.incidents)}) and a mixed read/write load`, () => benchHttp(dirs));

  const sending = await section(`5. Sending through the simulator in the embedded app: ${fmtInt(SEND_RECIPIENTS)} people, then another organisation's 10 at the same time`, () =>
    benchSending(require),
  );

  const distributed = await section(`6. Sending in the distributed topology (Kafka, MongoDB wire, separate processes): ${fmtInt(DIST_RECIPIENTS)} people with 1, then 3 workers`, () =>
    benchSendingDistributed(require),
  );

  heading('Summary against targets');
  const mark = (ok) => (ok === null ? 'not measured' : ok ? 'met' : 'NOT MET');
  const rows = [];
  for (const key of ['batch1', 'batch4']) {
    const r = ours[key];
    const w = WORKLOADS.find((x) => x.key === key);
    rows.push([`batched appends, ${w.writers} writer${w.writers > 1 ? 's' : ''} (events/s)`, `>= ${fmtInt(TARGETS.batchEventsPerSec)}`, fmtInt(r?.eventsPerSec), mark(r ? r.eventsPerSec >= TARGETS.batchEventsPerSec : null)]);
  }
  rows.push(['projection 0 -> head (events/s)', `>= ${fmtInt(TARGETS.projectionEventsPerSec)}`, fmtInt(projection?.eventsPerSec), mark(projection ? projection.ok && projection.eventsPerSec >= TARGETS.projectionEventsPerSec : null)]);
  const c = ours.concurrent;
  rows.push(['concurrent single appends, 50 writers (appends/s)', `>= ${fmtInt(TARGETS.concurrentAppendsPerSec)}`, fmtInt(c?.appendsPerSec), mark(c ? c.appendsPerSec >= TARGETS.concurrentAppendsPerSec : null)]);
  rows.push(['concurrent single appends, p99 latency (ms)', `<= ${TARGETS.concurrentP99Ms}`, fmtMs(c?.p99), mark(c ? c.p99 <= TARGETS.concurrentP99Ms : null)]);
  for (const w of WORKLOADS) {
    const value = ratios[w.key];
    const label = w.key === 'concurrent' ? 'single appends, 50 writers' : `batches, ${w.writers} writer${w.writers > 1 ? 's' : ''}`;
    rows.push([`ratio vs emmett-sqlite, ${label}`, `>= ${TARGETS.ratio}`, fmtRatio(value), mark(value === undefined ? null : value >= TARGETS.ratio)]);
  }
  const page = incidentList?.pageOne;
  rows.push([`incident list, page of 50 of ${fmtInt(INCIDENTS)}, p99 (ms)`, `<= ${TARGETS.incidentPageP99Ms}`, fmtMs(page?.p99), mark(page ? page.p99 <= TARGETS.incidentPageP99Ms : null)]);
  const largest = activityLog?.at(-1);
  rows.push([`activity log, page of 50 of ${fmtInt(ACTIVITY_SIZES.at(-1))}, p99 (ms)`, `<= ${TARGETS.activityPageP99Ms}`, fmtMs(largest?.p99), mark(largest ? largest.p99 <= TARGETS.activityPageP99Ms : null)]);
  const before = activityLog?.at(-2);
  const growth = before && largest ? largest.rss - before.rss : NaN;
  rows.push([
    `activity log RSS, ${fmtInt(before?.size)} -> ${fmtInt(largest?.size)} entries`,
    `<= +${fmtMb(TARGETS.activityRssGrowthBytes)}`,
    Number.isFinite(growth) ? `${growth < 0 ? '-' : '+'}${fmtMb(Math.abs(growth))}` : 'n/a',
    mark(Number.isFinite(growth) ? growth <= TARGETS.activityRssGrowthBytes : null),
  ]);
  const fieldsList = contactFields?.team;
  rows.push([`contact fields of a group, ${fmtInt(FIELD_GROUPS)} groups x ${FIELDS_PER_GROUP}, p99 (ms)`, `<= ${TARGETS.contactFieldsP99Ms}`, fmtMs(fieldsList?.p99), mark(fieldsList ? fieldsList.p99 <= TARGETS.contactFieldsP99Ms : null)]);
  const tree = contactFields?.tree;
  rows.push([`customer group tree of ${fmtInt(FIELD_GROUPS)} groups, p99 (ms)`, `<= ${TARGETS.contactFieldsP99Ms}`, fmtMs(tree?.p99), mark(tree ? tree.p99 <= TARGETS.contactFieldsP99Ms : null)]);
  const usersPage = userList?.target;
  rows.push([`user list, searched page of 50 of ${fmtInt(LIST_USERS)}, p99 (ms)`, `<= ${TARGETS.userListP99Ms}`, fmtMs(usersPage?.p99), mark(usersPage ? usersPage.p99 <= TARGETS.userListP99Ms : null)]);
  const usersXlsx = userList?.xlsx;
  rows.push([`users XLSX export of ${fmtInt(LIST_USERS)} (s)`, `<= ${TARGETS.userXlsxExportMs / 1000}`, usersXlsx ? (usersXlsx.ms / 1000).toFixed(1) : '-', mark(usersXlsx ? usersXlsx.ms <= TARGETS.userXlsxExportMs : null)]);
  rows.push([`users XLSX export, memory it adds (MB)`, `< ${TARGETS.userXlsxExportMb}`, usersXlsx ? String(Math.round(usersXlsx.addedRss / 1024 / 1024)) : '-', mark(usersXlsx ? usersXlsx.addedRss / 1024 / 1024 < TARGETS.userXlsxExportMb : null)]);
  const onCall = onCallNow?.target;
  rows.push([`on call now, of ${fmtInt(LIST_USERS)} users, p99 (ms)`, `<= ${TARGETS.onCallNowP99Ms}`, fmtMs(onCall?.p99), mark(onCall ? onCall.p99 <= TARGETS.onCallNowP99Ms : null)]);
  for (const key of ['everyone', 'select', 'onCall', 'group']) {
    const measured = recipientCount?.[key];
    rows.push([`recipient count of ${fmtInt(LIST_USERS)}, ${measured?.label ?? key}, p99 (ms)`, `<= ${TARGETS.recipientCountP99Ms}`, fmtMs(measured?.p99), mark(measured ? measured.p99 <= TARGETS.recipientCountP99Ms : null)]);
  }
  for (const key of ['gsm', 'typographic', 'ucs2']) {
    const measured = smsSegments?.[key];
    const target = key === 'typographic' ? TARGETS.smsSegmentsTypographicMs : TARGETS.smsSegmentsMs;
    rows.push([`SMS part count of 10 MB, ${measured?.label ?? key} (ms)`, `<= ${fmtInt(target)}`, fmtMs(measured?.ms), mark(measured ? measured.ms <= target : null)]);
  }
  for (const key of ['placeholders', 'unpaired']) {
    const measured = placeholderMasking?.[key];
    rows.push([`placeholder masking, ${measured?.label ?? key} (ms)`, `<= ${TARGETS.placeholderMaskMs}`, fmtMs(measured?.ms), mark(measured ? measured.ms <= TARGETS.placeholderMaskMs : null)]);
  }
  const reads = http?.reads;
  const moonshot = reads && reads.perSec >= TARGETS.httpListMoonshotPerSec ? ' (moonshot too)' : '';
  rows.push([`HTTP incident list, ${HTTP.clients} clients (req/s)`, `>= ${fmtInt(TARGETS.httpListPerSec)}`, fmtInt(reads?.perSec), mark(reads ? reads.perSec >= TARGETS.httpListPerSec && reads.errors === 0 : null) + moonshot]);
  rows.push([`HTTP incident list, ${HTTP.clients} clients, p99 (ms)`, `<= ${TARGETS.httpListP99Ms}`, fmtMs(reads?.p99), mark(reads ? reads.p99 <= TARGETS.httpListP99Ms : null)]);
  const mixedErrors = http ? http.mixedReads.errors + http.mixedWrites.errors : NaN;
  rows.push(['HTTP mixed reads and writes, errors', '0', fmtInt(mixedErrors), mark(http ? mixedErrors === 0 && http.consistent : null)]);
  const sendRow = (label, measured, target, moonshot) =>
    rows.push([label, `<= ${target / 1000}`, measured ? (measured.ms / 1000).toFixed(2) : '-', mark(measured ? measured.ms <= target : null) + (moonshot && measured && measured.ms <= moonshot ? ' (moonshot too)' : '')]);
  sendRow(`send to ${fmtInt(SEND_RECIPIENTS)}, 1 channel, to complete (s)`, sending?.one, SENDING_TARGETS.oneChannelMs, SENDING_TARGETS.oneChannelMoonshotMs);
  sendRow(`send to ${fmtInt(SEND_RECIPIENTS)}, 3 channels, to complete (s)`, sending?.three, SENDING_TARGETS.threeChannelsMs);
  sendRow(`another organisation's 10 during that broadcast (s)`, sending?.other, SENDING_TARGETS.otherTenantMs);
  const report = sending?.one.report;
  const reportRow = (label, target, measured, ok) => rows.push([label, target, measured, mark(report ? ok : null)]);
  reportRow(`report of ${fmtInt(SEND_RECIPIENTS)}: details (ms)`, `<= ${REPORT_TARGETS.detailsMs}`, fmtMs(report?.details.ms), report?.details.ms <= REPORT_TARGETS.detailsMs);
  reportRow(`report of ${fmtInt(SEND_RECIPIENTS)}: a filtered page (ms)`, `<= ${REPORT_TARGETS.filteredPageMs}`, fmtMs(report?.filtered.ms), report?.filtered.ms <= REPORT_TARGETS.filteredPageMs);
  reportRow(`report of ${fmtInt(SEND_RECIPIENTS)}: aggregates (ms)`, `<= ${REPORT_TARGETS.aggregateMs}`, fmtMs(report?.aggregate.ms), report?.aggregate.ms <= REPORT_TARGETS.aggregateMs);
  reportRow(`report of ${fmtInt(SEND_RECIPIENTS)}: people as XLSX (s)`, `<= ${REPORT_TARGETS.xlsxMs / 1000}`, report ? (report.xlsx.ms / 1000).toFixed(2) : '-', report?.xlsx.ms <= REPORT_TARGETS.xlsxMs);
  reportRow(`report of ${fmtInt(SEND_RECIPIENTS)}: memory during the XLSX (MB)`, `<= ${REPORT_TARGETS.xlsxMemoryMb}`, report ? report.xlsx.grewMb.toFixed(0) : '-', report?.xlsx.grewMb <= REPORT_TARGETS.xlsxMemoryMb);
  if (sending) {
    rows.push([`  (that broadcast meanwhile took, s)`, '-', (sending.busy.ms / 1000).toFixed(2), 'not a target']);
    rows.push([`  1 channel: jobs/s, and per batched append`, '-', `${fmtInt(sending.one.jobsPerSec)} (${fmtRatio(sending.one.jobsPerSec / (ours.batch1?.eventsPerSec ?? NaN))})`, 'not a target']);
  }
  if (distributed) {
    const complete = distributed.one.result.deliveries === DIST_RECIPIENTS && distributed.three.result.deliveries === DIST_RECIPIENTS;
    rows.push([`distributed send to ${fmtInt(DIST_RECIPIENTS)}, 1 worker (s)`, 'completes', (distributed.one.ms / 1000).toFixed(1), mark(distributed.one.result.deliveries === DIST_RECIPIENTS)]);
    const scaling = distributed.one.sessionMs / distributed.three.sessionMs;
    rows.push([
      `distributed send to ${fmtInt(DIST_RECIPIENTS)}, 3 workers (session, s)`,
      `>= ${DIST_SCALING_MIN_RATIO}x one`,
      `${(distributed.three.sessionMs / 1000).toFixed(1)} (${fmtRatio(scaling)})`,
      mark(scaling >= DIST_SCALING_MIN_RATIO),
    ]);
    rows.push([`distributed send to ${fmtInt(DIST_TARGET_RECIPIENTS)}, 3 workers`, 'completes', `run at ${fmtInt(DIST_RECIPIENTS)}`, mark(complete && DIST_RECIPIENTS >= DIST_TARGET_RECIPIENTS)]);
  } else {
    rows.push([`distributed send to ${fmtInt(DIST_TARGET_RECIPIENTS)}, 3 workers`, 'completes', '-', 'not measured (no Kafka/MongoDB)']);
  }
  const widths = [52, 11, 15, 12];
  const row = (cells) => console.log('  ' + cells.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ').trimEnd());
  row(['measure', 'target', 'measured', 'result']);
  console.log('  ' + widths.map((w) => '-'.repeat(w)).join('-+-'));
  rows.forEach(row);
  if (loaded.error) console.log(`\n  emmett-sqlite was not measured: ${loaded.error}`);
  console.log(`\n  load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(' ')} (other work on the machine skews every figure)`);
}

const started = performance.now();
try {
  await main();
} catch (error) {
  console.error('\nbench failed:', error);
} finally {
  cleanUp();
  console.log(`bench finished in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  process.exitCode = 0;
}
// Leave no handle (a sqlite3 connection closing late, a timer) able to keep the process alive.
setTimeout(() => process.exit(0), 2_000).unref();
