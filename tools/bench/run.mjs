#!/usr/bin/env node
// Throughput benchmark of the embedded (SQLite) event store and projection pipeline, compared with
// @event-driven-io/emmett-sqlite on the same append workloads. Run it with `npm run bench` (which builds
// the libs first). It prints figures and a summary against the targets and always exits 0.
import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const here = import.meta.dirname;
const root = join(here, '..', '..');
const require = createRequire(import.meta.url);

// ---- settings (kept small enough for ~1 minute of measuring on a 2-core machine) ------------------
const CONCURRENT_WRITERS = 50;
const CONCURRENT_SECONDS = 5;
const BATCH_SIZE = 100;
const BATCH_SECONDS = 3;
const BATCH_WRITER_COUNTS = [1, 4];
const WARMUP_SECONDS = 0.5;
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
};

// Same payload on both sides: a ~200-byte JSON body and a tenant in the metadata.
const PAYLOAD_TEXT = 'x'.repeat(160);
const payload = (seq) => ({ kind: 'bench', seq, text: PAYLOAD_TEXT });
const TENANT_METADATA = { tenantId: 'tenant-bench' };

const tempDirs = [];
function tempDir(label) {
  const dir = mkdtempSync(join(tmpdir(), `beacon-bench-${label}-`));
  tempDirs.push(dir);
  return dir;
}
function cleanUp() {
  for (const dir of tempDirs.splice(0)) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // best effort
    }
  }
}
process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

// ---- formatting ------------------------------------------------------------------------------------
const fmtInt = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a');
const fmtMs = (n) => (Number.isFinite(n) ? n.toFixed(2) : 'n/a');
const fmtRatio = (n) => (Number.isFinite(n) ? `${n.toFixed(2)}x` : 'n/a');
const heading = (text) => console.log(`\n=== ${text} ${'='.repeat(Math.max(0, 90 - text.length))}`);
const line = (label, value) => console.log(`  ${label.padEnd(58)} ${value}`);

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

// ---- generic workload drivers ----------------------------------------------------------------------
/**
 * `writers` loops, each appending to its own stream through `appendOnce(writer, seq)` until `seconds`
 * have passed (after a warm-up whose appends are not counted). Returns counts and latencies.
 */
async function timedWriters({ writers, seconds, eventsPerAppend, makeWriter }) {
  const latencies = [];
  let appends = 0;
  let errors = 0;
  let firstError;
  let measuring = false;
  let stop = false;
  const loops = [];
  const states = [];
  for (let w = 0; w < writers; w++) states.push(await makeWriter(w));
  for (const state of states) {
    loops.push(
      (async () => {
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
            errors++;
            firstError ??= error;
            await state.recover?.();
          }
        }
      })(),
    );
  }
  await sleep(WARMUP_SECONDS * 1000);
  measuring = true;
  const t0 = performance.now();
  await sleep(seconds * 1000);
  stop = true;
  const elapsed = (performance.now() - t0) / 1000;
  await Promise.all(loops);
  latencies.sort((a, b) => a - b);
  return {
    appends,
    events: appends * eventsPerAppend,
    elapsed,
    appendsPerSec: appends / elapsed,
    eventsPerSec: (appends * eventsPerAppend) / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    firstError,
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function printAppendResult(label, result, { batch = false } = {}) {
  if (batch) {
    line(`${label}: events/s`, fmtInt(result.eventsPerSec));
    line(`${label}: appends/s (${BATCH_SIZE} events each), p50 / p99 ms`, `${fmtInt(result.appendsPerSec)}  (${fmtMs(result.p50)} / ${fmtMs(result.p99)})`);
  } else {
    line(`${label}: appends/s`, fmtInt(result.appendsPerSec));
    line(`${label}: latency p50 / p99 ms`, `${fmtMs(result.p50)} / ${fmtMs(result.p99)}`);
  }
  if (result.errors) {
    const message = result.firstError instanceof Error ? result.firstError.message : String(result.firstError);
    line(`${label}: failed appends (retried)`, `${fmtInt(result.errors)} (first: ${message.slice(0, 80)})`);
  }
}

// ---- our SQLite event store -------------------------------------------------------------------------
function loadBeacon() {
  try {
    return {
      ...require('@beacon/event-store'),
      ...require('@beacon/read-store'),
      ...require('@beacon/projections'),
    };
  } catch (error) {
    console.error('Cannot load the built @beacon libs; build them first (npm run bench builds them):', error.message);
    return null;
  }
}

function ourEvents(count, seq) {
  const events = new Array(count);
  for (let i = 0; i < count; i++) {
    events[i] = { id: randomUUID(), type: 'BenchEvent', data: payload(seq + i), metadata: TENANT_METADATA };
  }
  return events;
}

async function withOurStore(beacon, label, work) {
  const dir = tempDir(`ours-${label}`);
  const store = beacon.SqliteEventStore.open({ path: join(dir, 'events.sqlite') });
  try {
    return await work(store);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function ourWriterFactory(store, prefix, eventsPerAppend) {
  return async (w) => {
    const streamName = `${prefix}-${w}`;
    let expectedRevision = 'no-stream';
    return {
      append: async (seq) => {
        const result = await store.appendToStream(streamName, ourEvents(eventsPerAppend, seq), { expectedRevision });
        expectedRevision = result.nextExpectedRevision;
      },
      recover: async () => {
        const events = await store.readStream(streamName).catch(() => []);
        expectedRevision = events.length ? events[events.length - 1].revision : 'no-stream';
      },
    };
  };
}

async function benchOurAppends(beacon) {
  const results = {};
  results.concurrent = await withOurStore(beacon, 'single', async (store) => {
    const result = await timedWriters({
      writers: CONCURRENT_WRITERS,
      seconds: CONCURRENT_SECONDS,
      eventsPerAppend: 1,
      makeWriter: ourWriterFactory(store, 'single', 1),
    });
    result.commits = store.commitCount;
    return result;
  });
  printAppendResult(`single appends, ${CONCURRENT_WRITERS} writers`, results.concurrent);
  line(`single appends: transactions committed (incl. warm-up)`, fmtInt(results.concurrent.commits));
  for (const writers of BATCH_WRITER_COUNTS) {
    results[`batch${writers}`] = await withOurStore(beacon, `batch${writers}`, (store) =>
      timedWriters({
        writers,
        seconds: BATCH_SECONDS,
        eventsPerAppend: BATCH_SIZE,
        makeWriter: ourWriterFactory(store, 'batch', BATCH_SIZE),
      }),
    );
    printAppendResult(`${BATCH_SIZE}-event batches, ${writers} writer${writers > 1 ? 's' : ''}`, results[`batch${writers}`], {
      batch: true,
    });
  }
  return results;
}

// ---- projection throughput ------------------------------------------------------------------------------
async function benchProjection(beacon) {
  const dir = tempDir('projection');
  const eventStore = beacon.SqliteEventStore.open({ path: join(dir, 'events.sqlite') });
  const readStore = beacon.SqliteReadStore.open({ path: join(dir, 'read-models.sqlite') });
  let runner;
  try {
    // Pre-append: every stream gets its events over several rounds, so one stream's events are spread
    // across the global order (a projection batch touches many documents, as in real traffic).
    const perRound = PROJECTION_EVENTS_PER_STREAM / PROJECTION_ROUNDS;
    const revisions = new Array(PROJECTION_STREAMS).fill('no-stream');
    const fill0 = performance.now();
    for (let round = 0; round < PROJECTION_ROUNDS; round++) {
      let next = 0;
      const worker = async () => {
        while (next < PROJECTION_STREAMS) {
          const s = next++;
          const tenantId = `tenant-${s % PROJECTION_TENANTS}`;
          const events = [];
          for (let i = 0; i < perRound; i++) {
            events.push({ id: randomUUID(), type: 'CounterIncremented', data: payload(round * perRound + i), metadata: { tenantId } });
          }
          const result = await eventStore.appendToStream(`counter-${s}`, events, { expectedRevision: revisions[s] });
          revisions[s] = result.nextExpectedRevision;
        }
      };
      await Promise.all(Array.from({ length: PROJECTION_IN_FLIGHT }, worker));
    }
    const fillSeconds = (performance.now() - fill0) / 1000;
    const head = await eventStore.headPosition();
    const total = PROJECTION_STREAMS * PROJECTION_EVENTS_PER_STREAM;
    line(
      `pre-appended ${fmtInt(total)} events (${fmtInt(PROJECTION_STREAMS)} streams, ${PROJECTION_TENANTS} tenants)`,
      `${fillSeconds.toFixed(1)} s (${fmtInt(total / fillSeconds)} events/s, ${perRound}-event appends, ${PROJECTION_IN_FLIGHT} in flight)`,
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
    runner = new beacon.ProjectionRunner({ eventStore, readStore, projections: [projection], onError: (e) => console.error('  projection error:', e) });
    const t0 = performance.now();
    await runner.start();
    const reached = await runner.waitFor(head, PROJECTION_TIMEOUT_MS);
    const seconds = (performance.now() - t0) / 1000;
    await runner.stop();
    runner = undefined;

    // Sanity check: every stream became one document whose counter saw all its events.
    let documents = 0;
    let counted = 0;
    for (let t = 0; t < PROJECTION_TENANTS; t++) {
      const docs = await readStore.scope(`tenant-${t}`).collection('bench_counters').find({});
      documents += docs.length;
      for (const doc of docs) counted += doc.count;
    }
    const eventsPerSec = reached ? total / seconds : NaN;
    line('projection 0 -> head: events/s', reached ? fmtInt(eventsPerSec) : `did not reach the head in ${PROJECTION_TIMEOUT_MS / 1000} s`);
    line('projection 0 -> head: elapsed', `${seconds.toFixed(2)} s (runner default batch size 500)`);
    line('check: documents / events counted', `${fmtInt(documents)} / ${fmtInt(counted)}${documents === PROJECTION_STREAMS && counted === total ? ' (ok)' : ' (MISMATCH)'}`);
    return { eventsPerSec, reached, ok: documents === PROJECTION_STREAMS && counted === total };
  } finally {
    await runner?.stop();
    await eventStore.close();
    await readStore.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---- emmett-sqlite ----------------------------------------------------------------------------------------
function ensureEmmettInstalled() {
  const needed = [
    join(here, 'node_modules', '@event-driven-io', 'emmett-sqlite', 'package.json'),
    join(here, 'node_modules', 'sqlite3', 'package.json'),
  ];
  if (needed.every((path) => existsSync(path))) return null;
  console.log('\nbench: installing @event-driven-io/emmett-sqlite and sqlite3 into tools/bench/node_modules (first run only;');
  console.log('bench: sqlite3 is built from source, which takes a minute or two)');
  try {
    execSync('npm install --prefix tools/bench --no-audit --no-fund --legacy-peer-deps', { cwd: root, stdio: 'inherit' });
    return null;
  } catch (error) {
    return `npm install into tools/bench failed (${error.message.split('\n')[0]})`;
  }
}

async function loadEmmett() {
  const installError = ensureEmmettInstalled();
  if (installError) return { error: installError };
  try {
    // sqlite3 first: a missing or unbuilt native binding is the likely failure and gets its own message.
    await import('sqlite3');
  } catch (error) {
    return { error: `the sqlite3 native module does not load (${error.message.split('\n')[0]})` };
  }
  try {
    const emmett = await import('@event-driven-io/emmett-sqlite');
    const version = require(join(here, 'node_modules', '@event-driven-io', 'emmett-sqlite', 'package.json')).version;
    const sqlite3Version = require(join(here, 'node_modules', 'sqlite3', 'package.json')).version;
    return { emmett, version, sqlite3Version };
  } catch (error) {
    return { error: `@event-driven-io/emmett-sqlite does not load (${error.message.split('\n')[0]})` };
  }
}

/** The pragmas a connection opened the way emmett opens its own gets (emmett only sets journal_mode = WAL). */
async function emmettPragmas(emmett, fileName) {
  const store = emmett.getSQLiteEventStore({ fileName });
  await store.schema.migrate();
  const connection = emmett.sqliteConnection({ fileName });
  try {
    const journal = await connection.querySingle('PRAGMA journal_mode');
    const synchronous = await connection.querySingle('PRAGMA synchronous');
    const busy = await connection.querySingle('PRAGMA busy_timeout');
    const names = { 0: 'OFF', 1: 'NORMAL', 2: 'FULL', 3: 'EXTRA' };
    return {
      journalMode: String(Object.values(journal ?? {})[0]).toUpperCase(),
      synchronous: names[Object.values(synchronous ?? {})[0]] ?? String(Object.values(synchronous ?? {})[0]),
      busyTimeoutMs: Object.values(busy ?? {})[0],
    };
  } finally {
    connection.close();
  }
}

function emmettEvents(count, seq) {
  const events = new Array(count);
  for (let i = 0; i < count; i++) events[i] = { type: 'BenchEvent', data: payload(seq + i), metadata: TENANT_METADATA };
  return events;
}

async function withEmmettStore(emmett, label, work) {
  const dir = tempDir(`emmett-${label}`);
  const fileName = join(dir, 'events.sqlite');
  // The library's default set-up for a file database: a pool that opens a connection per operation.
  const store = emmett.getSQLiteEventStore({ fileName });
  await store.schema.migrate();
  try {
    return await work(store);
  } finally {
    await sleep(50); // connections close asynchronously
    rmSync(dir, { recursive: true, force: true });
  }
}

function emmettWriterFactory(store, prefix, eventsPerAppend) {
  return async (w) => {
    const streamName = `${prefix}-${w}`;
    // Emmett's stream version counts events; 0n is an empty stream.
    let expectedStreamVersion = 0n;
    return {
      append: async (seq) => {
        const result = await store.appendToStream(streamName, emmettEvents(eventsPerAppend, seq), { expectedStreamVersion });
        expectedStreamVersion = result.nextExpectedStreamVersion;
      },
      recover: async () => {
        const result = await store.readStream(streamName).catch(() => null);
        if (result) expectedStreamVersion = result.currentStreamVersion;
      },
    };
  };
}

async function benchEmmett(loaded) {
  const { emmett } = loaded;
  const results = {};
  const silenced = console.log;
  // emmett logs every failed transaction with console.log; keep the report readable.
  console.log = () => undefined;
  try {
    results.concurrent = await withEmmettStore(emmett, 'single', (store) =>
      timedWriters({
        writers: CONCURRENT_WRITERS,
        seconds: CONCURRENT_SECONDS,
        eventsPerAppend: 1,
        makeWriter: emmettWriterFactory(store, 'single', 1),
      }),
    );
    for (const writers of BATCH_WRITER_COUNTS) {
      results[`batch${writers}`] = await withEmmettStore(emmett, `batch${writers}`, (store) =>
        timedWriters({
          writers,
          seconds: BATCH_SECONDS,
          eventsPerAppend: BATCH_SIZE,
          makeWriter: emmettWriterFactory(store, 'batch', BATCH_SIZE),
        }),
      );
    }
  } finally {
    console.log = silenced;
  }
  printAppendResult(`single appends, ${CONCURRENT_WRITERS} writers`, results.concurrent);
  for (const writers of BATCH_WRITER_COUNTS) {
    printAppendResult(`${BATCH_SIZE}-event batches, ${writers} writer${writers > 1 ? 's' : ''}`, results[`batch${writers}`], {
      batch: true,
    });
  }
  return results;
}

// ---- main ---------------------------------------------------------------------------------------------------
async function main() {
  console.log('Beacon benchmark: embedded SQLite event store, projections, and emmett-sqlite on the same workloads');
  console.log(`node ${process.version}, ${process.platform}/${process.arch}, temp dir ${tmpdir()}`);
  console.log(
    `workloads: ${CONCURRENT_WRITERS} writers x single appends for ${CONCURRENT_SECONDS} s; ${BATCH_SIZE}-event batches for ${BATCH_SECONDS} s with ${BATCH_WRITER_COUNTS.join(' and ')} writers;`,
  );
  console.log(`           each writer owns a stream and passes its last revision as the expected one; ${WARMUP_SECONDS} s warm-up not counted;`);
  console.log(`           event body ~${JSON.stringify(payload(0)).length} bytes of JSON plus metadata { tenantId }`);

  const beacon = loadBeacon();
  const ours = {};
  if (beacon) {
    heading('1. Our event store (@beacon/event-store SqliteEventStore: file DB, WAL, synchronous=FULL, group commit)');
    Object.assign(ours, await benchOurAppends(beacon));
    heading('2. Projection into the embedded read store (ProjectionRunner -> SqliteReadStore, separate files)');
    ours.projection = await benchProjection(beacon);
  }

  heading('3. @event-driven-io/emmett-sqlite on the same append workloads');
  const loaded = await loadEmmett();
  let theirs = null;
  if (loaded.error) {
    console.log(`  emmett-sqlite NOT MEASURED: ${loaded.error}`);
  } else {
    const pragmaDir = tempDir('emmett-pragmas');
    const pragmas = await emmettPragmas(loaded.emmett, join(pragmaDir, 'events.sqlite')).catch((error) => ({ error }));
    await sleep(50);
    rmSync(pragmaDir, { recursive: true, force: true });
    line('version', `@event-driven-io/emmett-sqlite ${loaded.version} on sqlite3 ${loaded.sqlite3Version}`);
    if (pragmas.error) {
      line('settings', `could not be read (${pragmas.error.message})`);
    } else {
      line('settings on its connections', `journal_mode=${pragmas.journalMode}, synchronous=${pragmas.synchronous}, busy_timeout=${pragmas.busyTimeoutMs} ms`);
      const same = pragmas.journalMode === 'WAL' && pragmas.synchronous === 'FULL';
      console.log(
        same
          ? '  durability: same as ours (WAL + synchronous=FULL; emmett sets only WAL, FULL is the sqlite3 build default)'
          : `  durability: NOT the same as ours (ours: WAL + synchronous=FULL; emmett: ${pragmas.journalMode} + synchronous=${pragmas.synchronous})`,
      );
    }
    console.log('  set-up: getSQLiteEventStore({ fileName }) defaults: a new sqlite3 connection per operation, BEGIN IMMEDIATE');
    console.log('          per append (one transaction and one WAL fsync per append; no group commit)');
    try {
      theirs = await benchEmmett(loaded);
    } catch (error) {
      console.log(`  emmett-sqlite run FAILED: ${error instanceof Error ? error.message : String(error)}`);
      theirs = null;
    }
  }

  // ---- ratios and summary -----------------------------------------------------------------------------------
  const ratio = (key, field) => (theirs && ours[key] && theirs[key] ? ours[key][field] / theirs[key][field] : NaN);
  const ratios = {
    concurrent: ratio('concurrent', 'appendsPerSec'),
    ...Object.fromEntries(BATCH_WRITER_COUNTS.map((w) => [`batch${w}`, ratio(`batch${w}`, 'eventsPerSec')])),
  };
  if (theirs) {
    heading('Ratios ours / emmett-sqlite');
    line(`single appends, ${CONCURRENT_WRITERS} writers (appends/s)`, fmtRatio(ratios.concurrent));
    for (const w of BATCH_WRITER_COUNTS) line(`${BATCH_SIZE}-event batches, ${w} writer${w > 1 ? 's' : ''} (events/s)`, fmtRatio(ratios[`batch${w}`]));
  }

  heading('Summary against targets');
  const rows = [];
  const mark = (ok) => (ok === null ? 'not measured' : ok ? 'met' : 'NOT MET');
  for (const w of BATCH_WRITER_COUNTS) {
    const r = ours[`batch${w}`];
    rows.push([`batched appends, ${w} writer${w > 1 ? 's' : ''} (events/s)`, `>= ${fmtInt(TARGETS.batchEventsPerSec)}`, r ? fmtInt(r.eventsPerSec) : 'n/a', mark(r ? r.eventsPerSec >= TARGETS.batchEventsPerSec : null)]);
  }
  const p = ours.projection;
  rows.push(['projection 0 -> head (events/s)', `>= ${fmtInt(TARGETS.projectionEventsPerSec)}`, p ? fmtInt(p.eventsPerSec) : 'n/a', mark(p ? p.reached && p.ok && p.eventsPerSec >= TARGETS.projectionEventsPerSec : null)]);
  const c = ours.concurrent;
  rows.push([`concurrent single appends, ${CONCURRENT_WRITERS} writers (appends/s)`, `>= ${fmtInt(TARGETS.concurrentAppendsPerSec)}`, c ? fmtInt(c.appendsPerSec) : 'n/a', mark(c ? c.appendsPerSec >= TARGETS.concurrentAppendsPerSec : null)]);
  rows.push(['concurrent single appends, p99 latency (ms)', `<= ${TARGETS.concurrentP99Ms}`, c ? fmtMs(c.p99) : 'n/a', mark(c ? c.p99 <= TARGETS.concurrentP99Ms : null)]);
  rows.push(['ratio vs emmett-sqlite, single appends', `>= ${TARGETS.ratio}`, fmtRatio(ratios.concurrent), mark(Number.isFinite(ratios.concurrent) ? ratios.concurrent >= TARGETS.ratio : null)]);
  for (const w of BATCH_WRITER_COUNTS) {
    const value = ratios[`batch${w}`];
    rows.push([`ratio vs emmett-sqlite, batches, ${w} writer${w > 1 ? 's' : ''}`, `>= ${TARGETS.ratio}`, fmtRatio(value), mark(Number.isFinite(value) ? value >= TARGETS.ratio : null)]);
  }
  const widths = [52, 12, 14, 12];
  const row = (cells) => console.log('  ' + cells.map((cell, i) => String(cell).padEnd(widths[i])).join(' | '));
  row(['measure', 'target', 'measured', 'result']);
  console.log('  ' + widths.map((w) => '-'.repeat(w)).join('-+-'));
  rows.forEach(row);
  if (!theirs) console.log(`\n  emmett-sqlite was not measured: ${loaded.error ?? 'its run failed (see above)'}`);
}

const started = performance.now();
try {
  await main();
} catch (error) {
  console.error('\nbench failed:', error);
} finally {
  cleanUp();
  console.log(`\nbench finished in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  process.exitCode = 0;
}
// Give emmett's asynchronously closing connections no chance to keep the process alive.
setTimeout(() => process.exit(0), 2_000).unref();
