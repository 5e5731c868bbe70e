#!/usr/bin/env node
// A local FerretDB that stands in for MongoDB in the read-store tests, the MongoDB-backed specs and the
// distributed topology's bench, where no MongoDB server or Docker engine is available. Plain Node, no npm
// dependencies of its own: the readiness probe borrows the repository's `mongodb` driver.
//
//   node tools/infra/ferretdb.mjs start  [--dir <run dir>] [--port <port>] [--timeout <seconds>]
//   node tools/infra/ferretdb.mjs status [--dir <run dir>]
//   node tools/infra/ferretdb.mjs stop   [--dir <run dir>]
//
// `start` builds FerretDB once from the Go module proxy (see ensureBinary) into
// ${XDG_CACHE_HOME:-~/.cache}/beacon-infra/ferretdb-<version>/bin. By default FerretDB stores its data
// in PostgreSQL: `start` initialises a throwaway PostgreSQL cluster in the run dir (loopback only, a
// free port, no fsync: see startPostgres), starts it, creates the database `ferretdb` and points
// FerretDB's PostgreSQL handler at it. FerretDB itself runs detached in its own process group on a free
// loopback port, with state, log and pid file in the run dir (default ${TMPDIR:-/tmp}/beacon-ferretdb),
// and `start` waits until it answers, then prints `MONGO_URL=mongodb://127.0.0.1:<port>/?maxPoolSize=24` as its last
// line. `stop` ends FerretDB, then PostgreSQL, and removes the run dir; `status` reports both.
//
// Environment: FERRETDB_BACKEND=sqlite uses FerretDB's SQLite backend instead (no PostgreSQL needed,
// but writes queue on one SQLite file: ~100 ms an upsert under load); without PostgreSQL binaries the
// script says so and uses SQLite too, unless FERRETDB_BACKEND=postgresql asked for PostgreSQL.
// POSTGRES_BIN names the directory of initdb/pg_ctl/postgres/createdb (default: Debian's newest
// /usr/lib/postgresql/<major>/bin, else the PATH). As root, the cluster is owned and run by the system
// user POSTGRES_OS_USER (default postgres, created when absent): PostgreSQL refuses to run as root.
// FERRETDB_VERSION overrides the pinned FerretDB version (1.x only); the pinned one is built with
// ferretdb-pushdown.patch and ferretdb-update-cursors.patch (see PATCHES), FERRETDB_STOCK=1 builds it as released.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, appendFileSync, chmodSync, chownSync, closeSync, constants, cpSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The last 1.x release: 2.x needs PostgreSQL with the DocumentDB extension, 1.x runs on plain PostgreSQL or SQLite. */
const DEFAULT_VERSION = 'v1.24.0';
const MODULE = 'github.com/FerretDB/FerretDB';
const HOST = '127.0.0.1';
const root = resolve(import.meta.dirname, '..', '..');
const log = (message) => console.error(`ferretdb: ${message}`);
const BACKENDS = ['postgresql', 'sqlite'];
/** PostgreSQL's names inside the throwaway cluster: its superuser and FerretDB's database. */
const PG_SUPERUSER = 'postgres';
const PG_DATABASE = 'ferretdb';
/**
 * FerretDB 1.24's PostgreSQL handler can hold one pooled connection while it waits for another (an update in a
 * transaction reading the collection registry, whose writer, dropping a database, waits for a connection of its
 * own). With its default pool of 50 and the five processes of a distributed test each sending up to 100
 * operations at once (the driver's default pool), every connection ends up held by a waiter and FerretDB stops
 * answering for good: the distributed fault test stalled that way, all of PostgreSQL's sessions idle. So its pool
 * is larger, and each client of this server keeps at most CLIENT_POOL_SIZE operations in flight (in MONGO_URL),
 * which keeps a few processes' operations, even each holding two connections, under the pool.
 */
const POSTGRES_POOL_CONNECTIONS = 300;
const CLIENT_POOL_SIZE = 24;

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
/**
 * Applied to the pinned version's source before it is built (FERRETDB_STOCK=1 builds it unchanged).
 *
 * ferretdb-pushdown.patch: FerretDB 1.24 has PostgreSQL filter only top-level equalities on scalar fields and reads and decodes
 * every other candidate row in Go, so a lookup by a document _id or by `_id: { $in }` (how the read
 * store addresses its documents) read the whole collection: a write cost time in proportion to the
 * collection's size (a guarded upsert ~320 ms at 8,000 documents). The patch sends `_id` equality and
 * `$in` to the unique _id index, and also hands PostgreSQL the elements of `$and`, `$in` over strings
 * (the read store's counts) and fields of _id (`_id.i`, a caller's id). FerretDB still filters every
 * row it reads, so answers are unchanged; docs/ferretdb.md has the details.
 *
 * ferretdb-update-cursors.patch: an `update` command kept each statement's cursor, and the connection
 * under it, open until the whole command ended (a deferred close in a loop), so a command of more
 * statements than the pool has connections (100 on SQLite) waited forever for a connection of its own,
 * and held the rest of the server's callers with it. The patch closes each statement's cursor when the
 * statement is done.
 *
 * The binary's directory names the patches' hash: a changed patch is built anew.
 */
const PATCHES = ['ferretdb-pushdown.patch', 'ferretdb-update-cursors.patch'].map((name) => join(import.meta.dirname, name));
const patched = version === DEFAULT_VERSION && process.env.FERRETDB_STOCK !== '1';
const patchTag = patched ? `-${PATCHES.reduce((hash, patch) => hash.update(readFileSync(patch)), createHash('sha256')).digest('hex').slice(0, 8)}` : '';
const binDir = join(cacheRoot, 'beacon-infra', `ferretdb-${version}${patchTag}`, 'bin');
const binary = join(binDir, 'ferretdb');

const files = (dir) => ({
  pid: join(dir, 'ferretdb.pid'),
  info: join(dir, 'ferretdb.json'),
  log: join(dir, 'ferretdb.log'),
  data: join(dir, 'data'),
  state: join(dir, 'state'),
  // Owned by the cluster's user: PostgreSQL insists that its data directory is its own and mode 0700.
  pgRoot: join(dir, 'postgres'),
  pgData: join(dir, 'postgres', 'data'),
  pgLog: join(dir, 'postgres', 'postgres.log'),
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
  if (patched) {
    for (const patch of PATCHES) {
      // git apply works outside a repository too, like patch(1), which a minimal machine may lack.
      const applied = spawnSync('git', ['apply', '--whitespace=nowarn', patch], { cwd: source, encoding: 'utf8' });
      if (applied.status !== 0) {
        rmWritable(work);
        throw new Error(`could not apply ${patch}: ${(applied.stderr || applied.error?.message || '').trim()}`);
      }
      log(`applied ${patch}`);
    }
  }
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

/** Our process (its command line names `name`), not another that reused the pid after a crash. */
function isRunning(pid, name = 'ferretdb') {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(name);
  } catch {
    return true;
  }
}

/** A run dir is ours once it holds ferretdb.json (written first) or ferretdb.pid. */
function readState(dir) {
  const paths = files(dir);
  if (!existsSync(paths.info) && !existsSync(paths.pid)) return null;
  const pid = existsSync(paths.pid) ? Number(readFileSync(paths.pid, 'utf8').trim()) : null;
  const info = existsSync(paths.info) ? JSON.parse(readFileSync(paths.info, 'utf8')) : {};
  const postmaster = postmasterPid(dir);
  return { backend: 'sqlite', ...info, pid, running: isRunning(pid), postmaster };
}

const writeInfo = (dir, info) => writeFileSync(files(dir).info, `${JSON.stringify(info, null, 2)}\n`);

/** The running postmaster of the run dir's cluster, from the first line of its postmaster.pid. */
function postmasterPid(dir) {
  const pidFile = join(files(dir).pgData, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n', 1)[0]);
  return isRunning(pid, 'postgres') ? pid : null;
}

/** Which store FerretDB gets: PostgreSQL unless FERRETDB_BACKEND says sqlite or no PostgreSQL is installed. */
function chooseBackend() {
  const requested = process.env.FERRETDB_BACKEND || 'postgresql';
  if (!BACKENDS.includes(requested)) throw new Error(`FERRETDB_BACKEND must be ${BACKENDS.join(' or ')}, not ${requested}`);
  if (requested === 'sqlite') return { name: 'sqlite' };
  const { bin, looked } = findPostgres();
  if (bin) return { name: 'postgresql', bin };
  const where = `initdb, pg_ctl, postgres and createdb in one of ${looked.join(', ')}`;
  if (process.env.FERRETDB_BACKEND || process.env.POSTGRES_BIN) throw new Error(`PostgreSQL was asked for but not found (${where})`);
  log(`no PostgreSQL binaries found (${where}): falling back to the SQLite backend, which takes ~100 ms a write under load; install PostgreSQL (apt-get install postgresql) or set POSTGRES_BIN for the faster one`);
  return { name: 'sqlite' };
}

/** A directory holding all of initdb, pg_ctl, postgres and createdb, so that no two versions are mixed. */
function findPostgres() {
  const candidates = [];
  if (process.env.POSTGRES_BIN) candidates.push(resolve(process.env.POSTGRES_BIN));
  else {
    const debian = '/usr/lib/postgresql';
    if (existsSync(debian)) {
      const majors = readdirSync(debian).filter((name) => /^\d+$/.test(name)).sort((x, y) => Number(y) - Number(x));
      candidates.push(...majors.map((major) => join(debian, major, 'bin')));
    }
    candidates.push(...(process.env.PATH ?? '').split(delimiter).filter(Boolean));
  }
  const executable = (path) => {
    try {
      accessSync(path, constants.X_OK);
      return statSync(path).isFile();
    } catch {
      return false;
    }
  };
  const bin = candidates.find((dir) => ['initdb', 'pg_ctl', 'postgres', 'createdb'].every((name) => executable(join(dir, name))));
  return { bin: bin ?? null, looked: candidates };
}

/**
 * Who owns and runs the cluster: the current user, or, as root (which PostgreSQL refuses), the system
 * user POSTGRES_OS_USER (default postgres), created without a home or shell when absent.
 */
function clusterOwner() {
  if (process.getuid?.() !== 0) return null;
  const name = process.env.POSTGRES_OS_USER || 'postgres';
  const lookUp = () => {
    const entry = spawnSync('getent', ['passwd', name], { encoding: 'utf8' });
    if (entry.status !== 0) return null;
    const [, , uid, gid] = entry.stdout.trim().split(':');
    return { name, uid: Number(uid), gid: Number(gid) };
  };
  const found = lookUp();
  if (found) return found;
  log(`creating the system user ${name} to run PostgreSQL (it refuses to run as root)`);
  const made = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', name], { encoding: 'utf8' });
  const created = made.status === 0 ? lookUp() : null;
  if (!created) throw new Error(`could not create the system user ${name}: ${(made.stderr || made.error?.message || '').trim()}`);
  return created;
}

/** Runs a PostgreSQL program as the cluster's owner, with a plain C locale and none of the caller's PG* settings. */
function runAsOwner(owner, program, args, cwd) {
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', LANG: 'C', HOME: cwd, TZ: 'UTC' };
  const ids = owner ? { uid: owner.uid, gid: owner.gid } : {};
  const result = spawnSync(program, args, { cwd, env, ...ids, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? result.error.message : ''}`.trim() };
}

/**
 * A throwaway cluster for tests and benches: initdb in the run dir (trust on loopback, UTF8, C locale,
 * the superuser `postgres`), loopback TCP only on a free port and no Unix socket, and no durability:
 * fsync, synchronous commit and full-page writes are off, since the data is removed at stop and a
 * crash of the machine may lose it. Then the database `ferretdb` is created. Returns where it runs.
 */
async function startPostgres(options, backend) {
  const paths = files(options.dir);
  const owner = clusterOwner();
  mkdirSync(paths.pgRoot, { recursive: true, mode: 0o700 });
  if (owner) chownSync(paths.pgRoot, owner.uid, owner.gid);
  const program = (name) => join(backend.bin, name);
  const version = runAsOwner(owner, program('postgres'), ['--version'], paths.pgRoot).output.replace(/^postgres \(PostgreSQL\) /, 'PostgreSQL ').replace(/ \(.*\)$/, '');
  const init = runAsOwner(owner, program('initdb'), ['-D', paths.pgData, '-U', PG_SUPERUSER, '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'], paths.pgRoot);
  if (init.status !== 0) {
    const who = owner ? ` (it runs as ${owner.name}, who must be able to reach ${paths.pgRoot})` : '';
    throw new Error(`initdb failed${who}; FERRETDB_BACKEND=sqlite avoids PostgreSQL:\n${init.output.split('\n').slice(-10).join('\n')}`);
  }
  appendFileSync(
    join(paths.pgData, 'postgresql.conf'),
    [
      '',
      '# Added by tools/infra/ferretdb.mjs: a throwaway test server, removed at stop.',
      "listen_addresses = '127.0.0.1'",
      "unix_socket_directories = ''",
      '# No durability: the data is thrown away at stop, and a crash of the machine may lose it.',
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      '# FerretDB pools up to POSTGRES_POOL_CONNECTIONS connections (see the note there).',
      'max_connections = 400',
      'shared_buffers = 256MB',
      '',
    ].join('\n'),
  );
  // A free port can be taken between probing and binding: then the postmaster exits and another is tried.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const started = runAsOwner(owner, program('pg_ctl'), ['start', '-D', paths.pgData, '-l', paths.pgLog, '-w', '-t', String(options.timeout), '-o', `-c port=${port}`], paths.pgRoot);
    if (started.status === 0) {
      const created = runAsOwner(owner, program('createdb'), ['-h', HOST, '-p', String(port), '-U', PG_SUPERUSER, PG_DATABASE], paths.pgRoot);
      if (created.status !== 0) throw new Error(`createdb ${PG_DATABASE} failed: ${created.output}`);
      return { bin: backend.bin, version, port, user: owner?.name ?? null, data: paths.pgData, log: paths.pgLog, url: `postgres://${PG_SUPERUSER}@${HOST}:${port}/${PG_DATABASE}?pool_max_conns=${POSTGRES_POOL_CONNECTIONS}` };
    }
    const output = tail(paths.pgLog) || started.output;
    if (attempt >= 3 || !/already in use/.test(output)) throw new Error(`PostgreSQL did not start (pg_ctl exit ${started.status}):\n${output}`);
    log(`port ${port} was taken meanwhile; starting PostgreSQL on another`);
  }
}

/** Fast shutdown (SIGINT: clients disconnected, no waiting), then immediate (SIGQUIT), then SIGKILL. */
async function stopPostgres(pid, quiet) {
  for (const [signal, waitMs] of [['SIGINT', 15_000], ['SIGQUIT', 5_000], ['SIGKILL', 5_000]]) {
    try {
      process.kill(pid, signal);
    } catch {
      break; // gone
    }
    const deadline = Date.now() + waitMs;
    while (isRunning(pid, 'postgres') && Date.now() < deadline) await sleep(50);
    if (!isRunning(pid, 'postgres')) break;
  }
  if (!quiet) log(`stopped PostgreSQL (pid ${pid})`);
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
    // Lists the databases, which FerretDB reads from its backend: the answer shows the store answers too.
    await client.db('admin').command({ listDatabases: 1, nameOnly: true });
    return buildInfo;
  } finally {
    await client.close().catch(() => undefined);
  }
}

const tail = (path, lines = 20) => (existsSync(path) ? readFileSync(path, 'utf8').trimEnd().split('\n').slice(-lines).join('\n') : '');

const describe = (state) => (state.backend === 'postgresql' ? `on ${state.postgres?.version ?? 'PostgreSQL'} (port ${state.postgres?.port})` : 'on SQLite');

async function start(options) {
  const existing = readState(options.dir);
  const whole = existing?.running && existing.url && (existing.backend !== 'postgresql' || existing.postmaster);
  if (whole) {
    await ping(existing.url, 3_000);
    log(`already running (pid ${existing.pid}, ${describe(existing)}) in ${options.dir}`);
    console.log(`MONGO_URL=${existing.url}`);
    return;
  }
  if (existing) await stop(options, { quiet: true }); // stale: a part crashed or was killed
  else if (existsSync(options.dir) && readdirSync(options.dir).length > 0) {
    throw new Error(`${options.dir} exists and is not a FerretDB run dir (no ferretdb.json): choose another --dir`);
  }
  const backend = chooseBackend();
  ensureBinary();

  const started = performance.now();
  mkdirSync(options.dir, { recursive: true });
  const info = { backend: backend.name, version, binary, log: files(options.dir).log };
  writeInfo(options.dir, info);
  try {
    if (backend.name === 'postgresql') {
      info.postgres = await startPostgres(options, backend);
      writeInfo(options.dir, info);
      log(`${info.postgres.version} ready on ${HOST}:${info.postgres.port} after ${((performance.now() - started) / 1000).toFixed(2)}s (run by ${info.postgres.user ?? 'the current user'}, fsync off)`);
    }
    // A free port can be taken between probing and binding: then FerretDB exits and another is tried.
    for (let attempt = 1; ; attempt++) {
      const port = options.port || (await freePort());
      const url = await launch(options, info, port, started).catch((error) => {
        if (options.port || attempt >= 3 || !/address already in use/.test(error.message)) throw error;
        log(`port ${port} was taken meanwhile; trying another`);
        return null;
      });
      if (url) {
        console.log(`MONGO_URL=${url}`);
        return;
      }
    }
  } catch (error) {
    await stop(options, { quiet: true });
    throw error;
  }
}

/** Starts FerretDB on `port` and resolves with its URL once it answers; rejects (its process ended) otherwise. */
async function launch(options, info, port, started) {
  const paths = files(options.dir);
  mkdirSync(paths.state, { recursive: true });
  const url = `mongodb://${HOST}:${port}/?maxPoolSize=${CLIENT_POOL_SIZE}`;
  const store =
    info.backend === 'postgresql'
      ? ['--handler=postgresql', `--postgresql-url=${info.postgres.url}`]
      : (mkdirSync(paths.data, { recursive: true }), ['--handler=sqlite', `--sqlite-url=file:${paths.data}/`]);
  const args = [
    ...store,
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
  Object.assign(info, { url, port });
  writeInfo(options.dir, info);

  const deadline = Date.now() + options.timeout * 1000;
  let lastError;
  for (;;) {
    if (exited !== null) {
      const output = tail(paths.log);
      rmSync(paths.pid, { force: true });
      throw new Error(`FerretDB exited (${exited}) before answering:\n${output}`);
    }
    try {
      const answer = await ping(url);
      const seconds = ((performance.now() - started) / 1000).toFixed(2);
      log(`FerretDB ${answer.ferretdbVersion ?? version} (MongoDB ${answer.version}) ${describe(info)} answered on ${HOST}:${port} after ${seconds}s; pid ${child.pid}, run dir ${options.dir}`);
      return url;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) throw new Error(`FerretDB did not answer within ${options.timeout}s: ${lastError?.message}\n${tail(paths.log)}`);
    await sleep(100);
  }
}

async function stop(options, { quiet = false } = {}) {
  const state = readState(options.dir);
  if (!state) {
    if (!quiet) log(`not running (no ferretdb.json in ${options.dir})`);
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
    log(state.pid ? `pid ${state.pid} was not running; cleaning up` : 'FerretDB was not started; cleaning up');
  }
  // After FerretDB, so that it never sees its store vanish while it still takes requests.
  if (state.postmaster) await stopPostgres(state.postmaster, quiet);
  // Only a directory this script created (it holds ferretdb.json) is removed.
  rmSync(options.dir, { recursive: true, force: true });
}

async function status(options) {
  const state = readState(options.dir);
  if (!state?.running) {
    const why = state ? (state.pid ? `stale pid ${state.pid}` : 'never answered') : 'no ferretdb.json';
    log(`not running (${why} in ${options.dir})${state?.postmaster ? `; its PostgreSQL still runs (pid ${state.postmaster}): stop cleans up` : ''}`);
    process.exitCode = 3;
    return;
  }
  if (state.backend === 'postgresql') {
    if (!state.postmaster) {
      log(`FerretDB pid ${state.pid} is running but its PostgreSQL is not (log ${state.postgres?.log ?? files(options.dir).pgLog})`);
      process.exitCode = 1;
      return;
    }
    log(`PostgreSQL running: pid ${state.postmaster}, ${state.postgres.version}, ${HOST}:${state.postgres.port}, data ${state.postgres.data}, log ${state.postgres.log}`);
  }
  try {
    const answer = await ping(state.url, 3_000);
    log(`FerretDB running: pid ${state.pid}, FerretDB ${answer.ferretdbVersion} ${describe(state)}, log ${state.log}`);
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
