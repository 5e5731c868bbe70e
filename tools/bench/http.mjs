// Section 4: the incident list over HTTP against the embedded app (node apps/embedded/dist/main.js, a
// child process on fresh files), driven by keep-alive clients in this process.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { errorText, fmtInt, fmtMb, fmtMs, line, percentile, sleep } from './measure.mjs';

export const HTTP = { incidents: 5_000, clients: 50, seconds: 30, floorSeconds: 10, mixedSeconds: 15, mixedWriters: 10, warmupSeconds: 2 };
const LIST_PATH = '/api/incidents/incident/?items_per_page=50&page=1';
/** A signed-in call that reads no list: what the HTTP stack and the sign-in checks cost alone. */
const FLOOR_PATH = '/api/get_token_expiry_time/';
const START_TIMEOUT_MS = 60_000;

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Resident memory of another process (Linux), or NaN. */
function rssOf(pid) {
  try {
    const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib ? Number(kib) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

class Client {
  constructor(undici, base, connections) {
    this.pool = new undici.Pool(base, { connections, pipelining: 1 });
    this.token = null;
  }

  async call(method, path, { body, position } = {}) {
    const headers = { 'content-type': 'application/json' };
    if (this.token) headers.authorization = `Token ${this.token}`;
    if (position) headers['x-read-position'] = position;
    const response = await this.pool.request({ method, path, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.body.text();
    return { status: response.statusCode, body: text ? JSON.parse(text) : null, position: response.headers['x-event-position'] };
  }

  async expect(status, method, path, options) {
    const response = await this.call(method, path, options);
    if (response.status !== status) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
    return response;
  }
}

/** Calls `request` in `loops` loops until told to stop; counts and times what completes inside the measured window. */
function driver(loops, request) {
  const state = { measuring: false, stop: false, latencies: [], errors: 0, firstError: null };
  const running = Array.from({ length: loops }, async (_, loop) => {
    while (!state.stop) {
      const started = performance.now();
      let ok = false;
      try {
        ok = await request(loop);
      } catch (error) {
        state.firstError ??= error;
      }
      if (!ok) state.errors++;
      else if (state.measuring && !state.stop) state.latencies.push(performance.now() - started);
    }
  });
  return {
    start: () => {
      state.measuring = true;
      return performance.now();
    },
    finish: async (started) => {
      state.stop = true;
      const seconds = (performance.now() - started) / 1000;
      await Promise.all(running);
      state.latencies.sort((a, b) => a - b);
      return {
        perSec: state.latencies.length / seconds,
        p50: percentile(state.latencies, 50),
        p99: percentile(state.latencies, 99),
        errors: state.errors,
        firstError: state.firstError,
      };
    },
  };
}

async function timed(seconds, drivers) {
  await sleep(HTTP.warmupSeconds * 1000);
  const started = drivers.map((d) => d.start());
  await sleep(seconds * 1000);
  return Promise.all(drivers.map((d, i) => d.finish(started[i])));
}

function printLoad(label, result) {
  line(label, `${fmtInt(result.perSec).padStart(6)} req/s   p50 ${fmtMs(result.p50)} ms, p99 ${fmtMs(result.p99)} ms   errors ${fmtInt(result.errors)}`);
  if (result.firstError) line('', `first error: ${errorText(result.firstError).slice(0, 80)}`);
}

export async function benchHttp({ root, require, tempDir, removeDir }) {
  const undici = require('undici');
  const dataDir = tempDir('http');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(root, 'apps/embedded/dist/main.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'true' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const client = new Client(undici, base, HTTP.clients + HTTP.mixedWriters);
  try {
    const up0 = performance.now();
    while (client.token === null) {
      if (performance.now() - up0 > START_TIMEOUT_MS) throw new Error('the embedded app did not answer within a minute');
      const login = await client.call('POST', '/api/rest-auth/login/', { body: { email: 'admin@demo.test', password: 'Demo-password-1' } }).catch(() => null);
      if (login?.status === 200) client.token = login.body.key;
      else await sleep(200);
    }
    const field = (await client.expect(201, 'POST', '/api/incidents/field/', { body: { label: 'Location', field_type: 'TEXT' } })).body;
    const form = (await client.expect(201, 'POST', '/api/incidents/form/', { body: { name: 'Flood report' } })).body;
    const mappings = [{ field: field.id, is_required: false }];
    const group = (await client.expect(201, 'POST', '/api/incidents/field_group/', { body: { title: 'Details', form: form.id, form_field_mappings: mappings } })).body;
    const start = (site) => client.call('POST', `/api/incidents/incident/start/${form.id}/`, { body: { payload: [{ field_group: group.id, field: field.id, values: [`Riverside ${site}`] }] } });

    const seed0 = performance.now();
    let next = 0;
    let position;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < HTTP.incidents) {
          const response = await start(next++);
          if (response.status !== 201) throw new Error(`starting an incident: ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
          position = response.position;
        }
      }),
    );
    const listed = (await client.expect(200, 'GET', LIST_PATH, { position })).body;
    if (listed.count !== HTTP.incidents) throw new Error(`the list counted ${listed.count} incidents, not ${HTTP.incidents}`);
    const seeded = (performance.now() - seed0) / 1000;
    line('set-up (not a target)', `${fmtInt(HTTP.incidents)} incidents started over HTTP in ${seeded.toFixed(1)} s (${fmtInt(HTTP.incidents / seeded)}/s, 16 in flight)`);
    const rssBefore = rssOf(server.pid);

    const get = (path) => async () => {
      const response = await client.pool.request({ method: 'GET', path, headers: { authorization: `Token ${client.token}` } });
      await response.body.dump();
      return response.statusCode === 200;
    };
    const list = get(LIST_PATH);
    const [reads] = await timed(HTTP.seconds, [driver(HTTP.clients, list)]);
    printLoad(`GET list page, ${HTTP.clients} clients, ${HTTP.seconds} s`, reads);
    const [floor] = await timed(HTTP.floorSeconds, [driver(HTTP.clients, get(FLOOR_PATH))]);
    printLoad(`GET ${FLOOR_PATH} (no list), ${HTTP.floorSeconds} s`, floor);
    line('', 'the line above: the HTTP stack and the sign-in checks alone, for comparison (not a target)');

    let created = 0;
    const write = async (loop) => {
      const response = await start(`mixed-${loop}`);
      if (response.status === 201) created++;
      return response.status === 201;
    };
    const readers = HTTP.clients - HTTP.mixedWriters;
    const [mixedReads, mixedWrites] = await timed(HTTP.mixedSeconds, [driver(readers, list), driver(HTTP.mixedWriters, write)]);
    printLoad(`mixed: GET list page, ${readers} clients`, mixedReads);
    printLoad(`mixed: POST start incident, ${HTTP.mixedWriters} clients`, mixedWrites);
    const after = (await client.expect(200, 'GET', LIST_PATH, { position: (await start('last')).position })).body;
    const expected = HTTP.incidents + created + 1;
    line('check', `the list counts ${fmtInt(after.count)} incidents ${after.count === expected ? '(as expected)' : `(MISMATCH: ${fmtInt(expected)} started)`}`);
    line('embedded app RSS', `${fmtMb(rssBefore)} after set-up, ${fmtMb(rssOf(server.pid))} after the load`);
    return { reads, mixedReads, mixedWrites, consistent: after.count === expected };
  } finally {
    await client.pool.close();
    server.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
    if (server.exitCode === null) server.kill('SIGKILL');
    removeDir(dataDir);
  }
}
