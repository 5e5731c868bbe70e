#!/usr/bin/env node
// A local FerretDB (SQLite backend) that stands in for MongoDB in the read-store tests, where no
// MongoDB server or Docker engine is available. Plain Node, no npm dependencies of its own: the
// readiness probe borrows the repository's `mongodb` driver.
//
//   node tools/infra/ferretdb.mjs start  [--dir <run dir>] [--port <port>] [--timeout <seconds>]
//   node tools/infra/ferretdb.mjs status [--dir <run dir>]
//   node tools/infra/ferretdb.mjs stop   [--dir <run dir>]
//
// `start` builds FerretDB once from the Go module proxy (see ensureBinary) into
// ${XDG_CACHE_HOME:-~/.cache}/beacon-infra/ferretdb-<version>/bin, runs it detached in its own
// process group on a free loopback port with data, state, log and pid file in the run dir
// (default ${TMPDIR:-/tmp}/beacon-ferretdb), waits until it answers a ping, and prints
// `MONGO_URL=mongodb://127.0.0.1:<port>/` as its last line. `stop` ends the process group and
// removes the run dir. Environment: FERRETDB_VERSION overrides the pinned version (1.x only).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, closeSync, cpSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The last 1.x release: 2.x needs PostgreSQL with the DocumentDB extension, 1.x runs on SQLite alone. */
const DEFAULT_VERSION = 'v1.24.0';
const MODULE = 'github.com/FerretDB/FerretDB';
const HOST = '127.0.0.1';
const root = resolve(import.meta.dirname, '..', '..');
const log = (message) => console.error(`ferretdb: ${message}`);

function parseArgs(argv) {
  const [command, ...rest] = argv;
  const options = { command, dir: join(tmpdir(), 'beacon-ferretdb'), port: 0, timeout: 60 };
  for (let i = 0; i < rest.length; i++) {
    const [flag, inline] = rest[i].split('=', 2);
    const value = () => inline ?? rest[++i];
    if (flag === '--dir') options.dir = resolve(value());
    else if (flag === '--port') options.port = Number(value());
    else if (flag === '--timeout') options.timeout = Number(value());
    else throw new Error(`unknown option ${rest[i]}`);
  }
  return options;
}

const version = process.env.FERRETDB_VERSION || DEFAULT_VERSION;
if (!/^v1\.\d+\.\d+$/.test(version)) throw new Error(`FERRETDB_VERSION must be a 1.x release like v1.24.0, not ${version}`);
const cacheRoot = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
const binDir = join(cacheRoot, 'beacon-infra', `ferretdb-${version}`, 'bin');
const binary = join(binDir, 'ferretdb');

const files = (dir) => ({
  pid: join(dir, 'ferretdb.pid'),
  info: join(dir, 'ferretdb.json'),
  log: join(dir, 'ferretdb.log'),
  data: join(dir, 'data'),
  state: join(dir, 'state'),
});

/**
 * Builds the binary once per version; later starts reuse it. Only the Go module proxy is needed.
 * Plain `go install github.com/FerretDB/FerretDB/cmd/ferretdb@<version>` is not enough: the module
 * zip lacks the generated build/version/version.txt, so that binary panics at start-up
 * (FerretDB issue #2982), and here it does not even build, because it first asks the proxy for the
 * module's version list (deprecation check), which this mirror refuses with 403. So the same
 * checksum-verified module is fetched with `go mod download`, copied, given its version.txt, and
 * built with its own go.mod/go.sum into GOBIN, as `go install` would.
 */
function ensureBinary() {
  if (existsSync(binary)) return;
  const go = spawnSync('go', ['version'], { encoding: 'utf8' });
  if (go.status !== 0) throw new Error('Go is needed to build FerretDB; none found on PATH');
  const work = `${binDir}.tmp-${process.pid}`;
  const staging = join(work, 'bin');
  const source = join(work, 'src');
  rmWritable(work);
  mkdirSync(staging, { recursive: true });
  const env = {
    ...process.env,
    // Pure Go (modernc SQLite): no C toolchain needed; the module's go1.22 toolchain line is met by the local Go.
    CGO_ENABLED: '0',
    GOTOOLCHAIN: 'local',
    GOWORK: 'off',
    // The proxy alone: a `direct` fallback would need GitHub. The checksum database is reached through the proxy.
    GOPROXY: process.env.GOPROXY || 'https://proxy.golang.org',
    GOFLAGS: [process.env.GOFLAGS, '-trimpath', '-buildvcs=false', '-modcacherw'].filter(Boolean).join(' '),
  };
  const goRun = (args, cwd = work) => {
    const result = spawnSync('go', args, { cwd, env, encoding: 'utf8', maxBuffer: 64 << 20 });
    if (result.status !== 0) {
      rmWritable(work);
      throw new Error(`go ${args.join(' ')} failed (exit ${result.status ?? result.signal}):\n${(result.stderr || result.stdout).trim()}`);
    }
    return result.stdout;
  };
  log(`building ${MODULE}/cmd/ferretdb@${version} with ${go.stdout.trim()} (first start only)`);
  const started = performance.now();
  const module = JSON.parse(goRun(['mod', 'download', '-json', `${MODULE}@${version}`]));
  cpSync(module.Dir, source, { recursive: true });
  makeWritable(source);
  writeFileSync(join(source, 'build', 'version', 'version.txt'), `${version}\n`);
  if (module.Origin?.Hash) writeFileSync(join(source, 'build', 'version', 'commit.txt'), `${module.Origin.Hash}\n`);
  goRun(['build', '-o', join(staging, 'ferretdb'), './cmd/ferretdb'], source);
  try {
    renameSync(staging, binDir);
  } catch (error) {
    if (!existsSync(binary)) throw error; // else a concurrent start finished first: keep its binary
  } finally {
    rmWritable(work);
  }
  log(`built ${binary} in ${((performance.now() - started) / 1000).toFixed(1)}s`);
}

/** Module cache files are read-only; the copy must take a generated file and be removable. */
function makeWritable(dir) {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    chmodSync(join(entry.parentPath ?? entry.path, entry.name), entry.isDirectory() ? 0o755 : 0o644);
  }
}

function rmWritable(dir) {
  if (!existsSync(dir)) return;
  makeWritable(dir);
  rmSync(dir, { recursive: true, force: true });
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** Our FerretDB, not a process that reused the pid after a crash. */
function isRunning(pid) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('ferretdb');
  } catch {
    return true;
  }
}

function readState(dir) {
  const paths = files(dir);
  if (!existsSync(paths.pid)) return null;
  const pid = Number(readFileSync(paths.pid, 'utf8').trim());
  const info = existsSync(paths.info) ? JSON.parse(readFileSync(paths.info, 'utf8')) : {};
  return { pid, running: Number.isInteger(pid) && pid > 0 && isRunning(pid), ...info };
}

function loadDriver() {
  try {
    return createRequire(join(root, 'package.json'))('mongodb');
  } catch {
    throw new Error(`the mongodb driver is missing from ${join(root, 'node_modules')}: run node tools/setup.mjs`);
  }
}

/** One ping over the wire protocol, as the tests' driver will do it. */
async function ping(url, timeoutMs = 1_000) {
  const { MongoClient } = loadDriver();
  const client = new MongoClient(url, { serverSelectionTimeoutMS: timeoutMs, connectTimeoutMS: timeoutMs, directConnection: true });
  try {
    await client.connect();
    const buildInfo = await client.db('admin').command({ buildInfo: 1 });
    await client.db('admin').command({ ping: 1 });
    return buildInfo;
  } finally {
    await client.close().catch(() => undefined);
  }
}

const tail = (path, lines = 20) => (existsSync(path) ? readFileSync(path, 'utf8').trimEnd().split('\n').slice(-lines).join('\n') : '');

async function start(options) {
  const existing = readState(options.dir);
  if (existing?.running && existing.url) {
    await ping(existing.url, 3_000);
    log(`already running (pid ${existing.pid}) in ${options.dir}`);
    console.log(`MONGO_URL=${existing.url}`);
    return;
  }
  if (existing) rmSync(options.dir, { recursive: true, force: true }); // stale: crashed or killed
  else if (existsSync(options.dir) && readdirSync(options.dir).length > 0) {
    throw new Error(`${options.dir} exists and is not a FerretDB run dir (no ferretdb.pid): choose another --dir`);
  }
  ensureBinary();

  const started = performance.now();
  // A free port can be taken between probing and binding: then FerretDB exits and another is tried.
  for (let attempt = 1; ; attempt++) {
    const port = options.port || (await freePort());
    const url = await launch(options, port, started).catch((error) => {
      if (options.port || attempt >= 3 || !/address already in use/.test(error.message)) throw error;
      log(`port ${port} was taken meanwhile; trying another`);
      return null;
    });
    if (url) {
      console.log(`MONGO_URL=${url}`);
      return;
    }
  }
}

/** Starts the server on `port` and resolves with its URL once it answers; rejects (and cleans up) otherwise. */
async function launch(options, port, started) {
  const paths = files(options.dir);
  mkdirSync(paths.data, { recursive: true });
  mkdirSync(paths.state, { recursive: true });
  const url = `mongodb://${HOST}:${port}/`;
  const args = [
    '--handler=sqlite',
    `--sqlite-url=file:${paths.data}/`,
    `--listen-addr=${HOST}:${port}`,
    `--state-dir=${paths.state}`,
    '--debug-addr=-',
    '--telemetry=disable',
    '--log-level=warn',
    '--log-format=text',
  ];
  const out = openSync(paths.log, 'a');
  // detached: setsid, so the server leads its own process group and outlives this script.
  const env = { ...process.env, DO_NOT_TRACK: '1' };
  const child = spawn(binary, args, { cwd: options.dir, detached: true, stdio: ['ignore', out, out], env });
  closeSync(out);
  let exited = null;
  child.on('exit', (code, signal) => (exited = signal ?? code));
  child.unref();
  writeFileSync(paths.pid, `${child.pid}\n`);
  writeFileSync(paths.info, `${JSON.stringify({ url, port, version, binary, log: paths.log }, null, 2)}\n`);

  const deadline = Date.now() + options.timeout * 1000;
  let lastError;
  for (;;) {
    if (exited !== null) {
      const output = tail(paths.log);
      rmSync(options.dir, { recursive: true, force: true });
      throw new Error(`FerretDB exited (${exited}) before answering:\n${output}`);
    }
    try {
      const info = await ping(url);
      const seconds = ((performance.now() - started) / 1000).toFixed(2);
      log(`FerretDB ${info.ferretdbVersion ?? version} (MongoDB ${info.version}) answered on ${HOST}:${port} after ${seconds}s; pid ${child.pid}, run dir ${options.dir}`);
      return url;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      await stop(options, { quiet: true });
      throw new Error(`FerretDB did not answer within ${options.timeout}s: ${lastError?.message}\n${tail(paths.log)}`);
    }
    await sleep(100);
  }
}

async function stop(options, { quiet = false } = {}) {
  const state = readState(options.dir);
  if (!state) {
    if (!quiet) log(`not running (no pid file in ${options.dir})`);
    return;
  }
  if (state.running) {
    const signal = (name) => {
      try {
        process.kill(-state.pid, name);
      } catch {
        /* the group is gone */
      }
    };
    signal('SIGTERM');
    const deadline = Date.now() + 10_000;
    while (isRunning(state.pid) && Date.now() < deadline) await sleep(50);
    if (isRunning(state.pid)) signal('SIGKILL');
    while (isRunning(state.pid)) await sleep(50);
    if (!quiet) log(`stopped pid ${state.pid}`);
  } else if (!quiet) {
    log(`pid ${state.pid} was not running; cleaning up`);
  }
  // Only a directory this script created (it holds the pid file) is removed.
  rmSync(options.dir, { recursive: true, force: true });
}

async function status(options) {
  const state = readState(options.dir);
  if (!state?.running) {
    log(state ? `not running (stale pid ${state.pid} in ${options.dir})` : `not running (no pid file in ${options.dir})`);
    process.exitCode = 3;
    return;
  }
  try {
    const info = await ping(state.url, 3_000);
    log(`running: pid ${state.pid}, FerretDB ${info.ferretdbVersion}, log ${state.log}`);
    console.log(`MONGO_URL=${state.url}`);
  } catch (error) {
    log(`pid ${state.pid} is running but does not answer on ${state.url}: ${error.message}`);
    process.exitCode = 1;
  }
}

const commands = { start, stop, status };
try {
  const options = parseArgs(process.argv.slice(2));
  const command = commands[options.command];
  if (!command) {
    console.error('usage: node tools/infra/ferretdb.mjs start|stop|status [--dir <run dir>] [--port <port>] [--timeout <seconds>]');
    process.exit(2);
  }
  await command(options);
} catch (error) {
  log(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
