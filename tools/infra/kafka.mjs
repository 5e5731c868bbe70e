#!/usr/bin/env node
// A real single-node Apache Kafka (KRaft, broker + controller in one JVM) for tests and development,
// run from Apache Kafka's own jars on Maven Central: no Docker, no download site, no install.
//
//   node tools/infra/kafka.mjs start  [--dir <run dir>] [--version <x.y.z>] [--port <n>] [--controller-port <n>]
//   node tools/infra/kafka.mjs status [--dir <run dir>]
//   node tools/infra/kafka.mjs stop   [--dir <run dir>]
//
// `start` prints `KAFKA_BROKERS=127.0.0.1:<port>` as the last (and only) line of stdout, progress goes
// to stderr, so `export $(node tools/infra/kafka.mjs start)` works. Starting again while the broker
// runs just prints its address. `stop` kills the broker's process group and deletes the run dir.
//
// Needs Java 17+ and Maven (`mvn`) on the PATH. The jars are resolved once into
// ${BEACON_INFRA_CACHE:-${XDG_CACHE_HOME:-~/.cache}/beacon-infra}/kafka-<version>/libs and reused.
// Maven runs with generated settings whose only mirror is Maven Central, so nothing comes from
// anywhere else (its local repository stays the usual ~/.m2 unless MAVEN_REPO_LOCAL is set).
// Environment: KAFKA_VERSION, BEACON_KAFKA_DIR (run dir), KAFKA_HEAP (default 512m), KAFKA_START_TIMEOUT_MS.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, connect } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

// The release line deploy/docker-compose.yml runs (apache/kafka:3.9.0); 4.x works too (--version 4.3.1).
const DEFAULT_VERSION = '3.9.2';
const CENTRAL = 'https://repo.maven.apache.org/maven2';
const DEPENDENCY_PLUGIN = 'org.apache.maven.plugins:maven-dependency-plugin:3.8.1';
const root = join(import.meta.dirname, '..', '..');

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    dir: { type: 'string' },
    version: { type: 'string' },
    port: { type: 'string' },
    'controller-port': { type: 'string' },
  },
});
const command = positionals[0];
const version = args.version ?? process.env.KAFKA_VERSION ?? DEFAULT_VERSION;
const runDir = args.dir ?? process.env.BEACON_KAFKA_DIR ?? join(tmpdir(), 'beacon-kafka');
const pidFile = join(runDir, 'kafka.pid');
const stateFile = join(runDir, 'kafka.json');
const logFile = join(runDir, 'kafka.log');
const log = (message) => process.stderr.write(`kafka: ${message}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

class Failure extends Error {}

async function start() {
  const running = readState();
  if (running && isBroker(running.pid)) {
    await waitUntilReady(running, Date.now() + 30_000);
    log(`already running (pid ${running.pid}, ${runDir})`);
    console.log(`KAFKA_BROKERS=${running.brokers}`);
    return;
  }
  if (running) log(`removing the stale run dir of pid ${running.pid}`);
  rmSync(runDir, { recursive: true, force: true });

  const began = Date.now();
  const libs = resolveJars(version);
  const java = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
  const port = args.port ? Number(args.port) : await freePort();
  const controllerPort = args['controller-port'] ? Number(args['controller-port']) : await freePort(port);
  const brokers = `127.0.0.1:${port}`;

  mkdirSync(join(runDir, 'data'), { recursive: true });
  const properties = join(runDir, 'server.properties');
  writeFileSync(properties, serverProperties(port, controllerPort));
  const jvm = [
    `-Xmx${process.env.KAFKA_HEAP ?? '512m'}`,
    '-Xms128m',
    '-XX:+UseSerialGC',
    '-XX:-UsePerfData',
    '-Djava.awt.headless=true',
    `-Dkafka.logs.dir=${join(runDir, 'logs')}`,
    // slf4j-simple, to stdout, i.e. the log file; the per-request and state-change logs are noise here.
    '-Dorg.slf4j.simpleLogger.logFile=System.out',
    '-Dorg.slf4j.simpleLogger.showDateTime=true',
    "-Dorg.slf4j.simpleLogger.dateTimeFormat=yyyy-MM-dd'T'HH:mm:ss.SSS",
    '-Dorg.slf4j.simpleLogger.defaultLogLevel=info',
    '-Dorg.slf4j.simpleLogger.log.kafka.request.logger=warn',
    '-Dorg.slf4j.simpleLogger.log.state.change.logger=warn',
    '-cp',
    `${libs}/*`,
  ];

  const formatted = Date.now();
  const clusterId = formatStorage(java, jvm, properties);
  log(`storage formatted in ${Date.now() - formatted} ms`);

  const out = openSync(logFile, 'a');
  // Its own process group (detached), so `stop` can end the JVM and anything it started at once.
  const child = spawn(java, [...jvm, 'kafka.Kafka', properties], { detached: true, stdio: ['ignore', out, out] });
  closeSync(out);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? `exit code ${code}`)));
  child.unref();
  const state = { pid: child.pid, brokers, clusterId, port, controllerPort, version, libs, startedAt: new Date().toISOString() };
  writeFileSync(pidFile, `${child.pid}\n`);
  writeFileSync(stateFile, `${JSON.stringify(state, null, 2)}\n`);
  writeFileSync(join(runDir, 'kafka.env'), `KAFKA_BROKERS=${brokers}\n`);
  log(`broker ${version} starting (pid ${child.pid}) on ${brokers}, controller 127.0.0.1:${controllerPort}, log ${logFile}`);

  const deadline = Date.now() + Number(process.env.KAFKA_START_TIMEOUT_MS ?? 90_000);
  try {
    await Promise.race([
      waitUntilReady(state, deadline),
      exited.then((how) => {
        throw new Failure(`the broker exited during start-up (${how})`);
      }),
    ]);
  } catch (error) {
    log(`start failed; the last lines of ${logFile}:\n${tail(logFile, 40)}`);
    killGroup(child.pid, 'SIGKILL');
    throw error;
  }
  log(`ready in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  console.log(`KAFKA_BROKERS=${brokers}`);
}

async function stop() {
  const state = readState();
  if (!state) {
    log(`not running (no ${pidFile})`);
    rmSync(runDir, { recursive: true, force: true });
    return;
  }
  if (isBroker(state.pid)) {
    // SIGTERM runs Kafka's orderly shutdown; a test broker's data is thrown away, so do not wait long.
    killGroup(state.pid, 'SIGTERM');
    const deadline = Date.now() + 15_000;
    while (isAlive(state.pid) && Date.now() < deadline) await sleep(100);
    if (isAlive(state.pid)) {
      log('still running after 15 s, killing it');
      killGroup(state.pid, 'SIGKILL');
      while (isAlive(state.pid)) await sleep(50);
    }
    log(`stopped (pid ${state.pid})`);
  } else {
    log(`pid ${state.pid} is no longer a Kafka broker`);
  }
  rmSync(runDir, { recursive: true, force: true });
}

async function status() {
  const state = readState();
  if (!state || !isBroker(state.pid)) {
    log(state ? `not running (stale pid ${state.pid} in ${runDir})` : `not running (no ${pidFile})`);
    return 1;
  }
  try {
    await waitUntilReady(state, Date.now() + 5_000);
  } catch (error) {
    log(`pid ${state.pid} runs but does not answer: ${error.message}`);
    return 1;
  }
  log(`running: Kafka ${state.version}, pid ${state.pid}, since ${state.startedAt}, run dir ${runDir}`);
  console.log(`KAFKA_BROKERS=${state.brokers}`);
  return 0;
}

/** The broker's runtime classpath, resolved by Maven from Central once per version. */
function resolveJars(kafkaVersion) {
  const cacheRoot =
    process.env.BEACON_INFRA_CACHE ?? join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'beacon-infra');
  const home = join(cacheRoot, `kafka-${kafkaVersion}`);
  const libs = join(home, 'libs');
  const wanted = pom(kafkaVersion);
  const complete = join(libs, '.complete');
  // Reused as long as it was resolved from the same generated pom.
  if (existsSync(complete) && readFileSync(complete, 'utf8') === wanted) return libs;
  rmSync(libs, { recursive: true, force: true });

  const began = Date.now();
  log(`resolving org.apache.kafka:kafka_2.13:${kafkaVersion} and its runtime dependencies from Maven Central into ${libs}`);
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, 'pom.xml'), wanted);
  writeFileSync(join(home, 'settings.xml'), SETTINGS);
  // Into a private folder first, then renamed: a concurrent start never sees half the jars.
  const staging = join(home, `libs.${process.pid}.tmp`);
  rmSync(staging, { recursive: true, force: true });
  const mvnArgs = [
    '-B',
    '-q',
    // Re-checks lookups that failed before (Maven otherwise remembers a miss for a day).
    '-U',
    '-f',
    join(home, 'pom.xml'),
    // Both settings files replaced: no user or system mirror/repository can redirect a download.
    '-s',
    join(home, 'settings.xml'),
    '-gs',
    join(home, 'settings.xml'),
    ...(process.env.MAVEN_REPO_LOCAL ? [`-Dmaven.repo.local=${process.env.MAVEN_REPO_LOCAL}`] : []),
    `${DEPENDENCY_PLUGIN}:copy-dependencies`,
    '-DincludeScope=runtime',
    `-DoutputDirectory=${staging}`,
  ];
  const maven = spawnSync('mvn', mvnArgs, { cwd: home, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (maven.error) throw new Failure(`cannot run mvn (${maven.error.message}); install Maven 3.6+ and Java 17+`);
  if (maven.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Failure(`mvn failed (exit ${maven.status}):\n${maven.stdout}${maven.stderr}`);
  }
  const jars = readdirSync(staging).filter((name) => name.endsWith('.jar'));
  if (!jars.some((name) => name.startsWith(`kafka_2.13-${kafkaVersion}`))) {
    throw new Failure(`mvn resolved no kafka_2.13-${kafkaVersion}.jar into ${staging}`);
  }
  writeFileSync(join(staging, '.complete'), wanted);
  try {
    renameSync(staging, libs);
  } catch (error) {
    // Another start finished first: use its copy.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(complete)) throw error;
  }
  log(`${jars.length} jars resolved in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  return libs;
}

function formatStorage(java, jvm, properties) {
  const clusterId = randomClusterId();
  // The tool moved from core (Scala) to the tools module in later releases; try both.
  let last;
  for (const tool of ['kafka.tools.StorageTool', 'org.apache.kafka.tools.StorageTool']) {
    last = spawnSync(java, [...jvm, tool, 'format', '-t', clusterId, '-c', properties, '--ignore-formatted'], {
      encoding: 'utf8',
    });
    if (last.status === 0) return clusterId;
    if (!/ClassNotFoundException|Could not find or load main class/.test(`${last.stdout}${last.stderr}`)) break;
  }
  throw new Failure(`formatting the storage failed (${last.error?.message ?? `exit ${last.status}`}):\n${last.stdout}${last.stderr}`);
}

/** A Kafka Uuid in its text form: 16 random bytes, URL-safe base64 without padding, never starting with '-'. */
function randomClusterId() {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

function serverProperties(port, controllerPort) {
  return `${[
    'process.roles=broker,controller',
    'node.id=1',
    `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
    `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
    'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    'inter.broker.listener.name=PLAINTEXT',
    'controller.listener.names=CONTROLLER',
    `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
    `log.dirs=${join(runDir, 'data')}`,
    'num.partitions=8',
    'auto.create.topics.enable=true',
    'offsets.topic.replication.factor=1',
    // Fewer than the default 50: a test cluster creates __consumer_offsets on the first group, faster with fewer.
    'offsets.topic.num.partitions=8',
    'transaction.state.log.replication.factor=1',
    'transaction.state.log.min.isr=1',
    'transaction.state.log.num.partitions=4',
    'share.coordinator.state.topic.replication.factor=1',
    'share.coordinator.state.topic.min.isr=1',
    'group.initial.rebalance.delay.ms=0',
    // Tests use short sessions; the broker default minimum (6 s) is kept.
    'group.min.session.timeout.ms=6000',
    'num.network.threads=2',
    'num.io.threads=4',
    'num.recovery.threads.per.data.dir=1',
    'log.retention.hours=24',
    'log.segment.bytes=67108864',
    'delete.topic.enable=true',
  ].join('\n')}\n`;
}

async function waitUntilReady(state, deadline) {
  const [host, port] = state.brokers.split(':');
  let lastError = 'nothing tried yet';
  while (!(await accepts(host, Number(port)))) {
    if (Date.now() > deadline) throw new Failure(`port ${port} did not open in time`);
    await sleep(200);
  }
  let kafkajs;
  try {
    kafkajs = createRequire(join(root, 'package.json'))('kafkajs');
  } catch {
    log('kafkajs is not installed (npm ci); only the port was checked');
    return;
  }
  const { Kafka, logLevel } = kafkajs;
  while (Date.now() < deadline) {
    const admin = new Kafka({
      clientId: 'beacon-infra',
      brokers: [state.brokers],
      logLevel: logLevel.NOTHING,
      connectionTimeout: 2_000,
      requestTimeout: 5_000,
      retry: { retries: 0 },
    }).admin();
    try {
      await admin.connect();
      const cluster = await admin.describeCluster();
      // Another server on the port (a taken --port) must not pass for this broker.
      if (state.clusterId && cluster.clusterId !== state.clusterId) {
        throw new Failure(`${state.brokers} is another cluster (${cluster.clusterId}), not this broker (${state.clusterId})`);
      }
      if (cluster.brokers.length === 0) throw new Error('no broker registered yet');
      await admin.listTopics();
      // Looks up a group coordinator, which creates __consumer_offsets now rather than in the first test.
      await admin.describeGroups(['beacon-infra-ready']);
      return;
    } catch (error) {
      if (error instanceof Failure) throw error;
      lastError = error?.message ?? String(error);
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
    await sleep(500);
  }
  throw new Failure(`the broker did not answer metadata requests in time (last error: ${lastError})`);
}

function accepts(host, port) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(1_000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
}

function freePort(avoid) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => (port === avoid ? freePort(avoid).then(resolve, reject) : resolve(port)));
    });
  });
}

function readState() {
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  let state = {};
  try {
    state = JSON.parse(readFileSync(stateFile, 'utf8'));
  } catch {
    // A pid file alone (start died early) still names the process to stop.
  }
  return { ...state, pid };
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Alive and, where /proc tells, still the JVM this script started (not a recycled pid). */
function isBroker(pid) {
  if (!Number.isInteger(pid) || pid <= 1 || !isAlive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('kafka.Kafka');
  } catch {
    return true;
  }
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

function tail(file, lines) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

function pom(kafkaVersion) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- Generated by tools/infra/kafka.mjs: only to resolve the broker's runtime classpath. -->
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>beacon.infra</groupId>
  <artifactId>kafka-runtime</artifactId>
  <version>${kafkaVersion}</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency>
      <groupId>org.apache.kafka</groupId>
      <artifactId>kafka_2.13</artifactId>
      <version>${kafkaVersion}</version>
    </dependency>
    <!-- Kafka's artifacts log through the SLF4J 1.7 API but bring no binding (the distribution adds one). -->
    <dependency>
      <groupId>org.slf4j</groupId>
      <artifactId>slf4j-simple</artifactId>
      <version>1.7.36</version>
    </dependency>
  </dependencies>
</project>
`;
}

const SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Generated by tools/infra/kafka.mjs: every download, plugins included, from Maven Central only. -->
<settings xmlns="http://maven.apache.org/SETTINGS/1.0.0">
  <mirrors>
    <mirror>
      <id>central-only</id>
      <mirrorOf>*</mirrorOf>
      <url>${CENTRAL}</url>
    </mirror>
  </mirrors>
</settings>
`;

// Last, once the constants above are initialised.
const commands = { start, stop, status };
if (!commands[command]) {
  console.error('usage: node tools/infra/kafka.mjs start|stop|status [--dir <run dir>] [--version <x.y.z>]');
  process.exit(2);
}
commands[command]().then(
  (code) => process.exit(code ?? 0),
  (error) => {
    log(error instanceof Failure ? error.message : (error?.stack ?? String(error)));
    process.exit(1);
  },
);
