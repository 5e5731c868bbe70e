import type { StartedTestContainer } from 'testcontainers';
import { dockerEngineReachable, recordedDockerEngine, type DockerEngineCheck, type DockerEngineOptions } from './docker-engine';

export type ProductionServerKind = 'eventstoredb' | 'mongodb' | 'kafka';

export interface ProductionServer {
  /**
   * How to reach it: an `esdb://…?tls=false` connection string, a `mongodb://…` URL, or for Kafka
   * the broker list as KAFKA_BROKERS spells it (`host:port[,host:port…]`).
   */
  readonly url: string;
  /** Where it came from: the env var, or a container this process started. */
  readonly source: 'env' | 'testcontainers';
  /** Stops and removes the container; does nothing for a server named by the env var. */
  stop(): Promise<void>;
}

/** The server is there to start (or, from the env var, already running). */
export interface ProductionServerPlan {
  readonly source: 'env' | 'testcontainers';
  /** For suite names, e.g. `esdb://127.0.0.1:2113?tls=false` or `testcontainers eventstore/eventstore:24.10`. */
  readonly description: string;
  start(): Promise<ProductionServer>;
}

/** Neither the env var nor a Docker engine: the whole line to print, `skipped: no MongoDB (…)`. */
export interface ProductionServerSkip {
  readonly skip: string;
}

export type ProductionServerOptions = DockerEngineOptions;

interface Kind {
  readonly title: string;
  readonly variable: string;
  readonly image: string;
  /** What else a developer without Docker can do, appended to the skip line. */
  readonly hint?: string;
  start(image: string): Promise<{ url: string; container: StartedTestContainer }>;
}

/** Image pulls on a cold machine take a while; this bounds the wait for the server once its container runs. */
const STARTUP_TIMEOUT_MS = 180_000;

const KINDS: Record<ProductionServerKind, Kind> = {
  eventstoredb: {
    title: 'EventStoreDB',
    variable: 'EVENTSTORE_URL',
    image: 'eventstore/eventstore:24.10',
    start: startEventStoreDb,
  },
  mongodb: {
    title: 'MongoDB',
    variable: 'MONGO_URL',
    image: 'mongo:7',
    hint: '`node tools/infra/ferretdb.mjs start` prints a MONGO_URL',
    start: startMongoDb,
  },
  kafka: {
    title: 'Kafka',
    variable: 'KAFKA_BROKERS',
    image: 'apache/kafka:3.9.0',
    hint: 'start one with `node tools/infra/kafka.mjs start`',
    start: startKafka,
  },
};

/**
 * Decides, without starting anything, where a spec's production server comes from: the env var when
 * set; else a testcontainers container when a Docker engine answers; else a skip line that says why.
 * Call `start()` in `beforeAll` and `stop()` in `afterAll`.
 */
export async function planProductionServer(
  kind: ProductionServerKind,
  options: ProductionServerOptions = {},
): Promise<ProductionServerPlan | ProductionServerSkip> {
  return planFromEnv(kind, options.env ?? process.env) ?? planOn(KINDS[kind], await dockerEngineReachable(options));
}

/**
 * `planProductionServer` at collection time, where Jest allows nothing asynchronous: the Docker
 * engine check is the one the test run's global setup made once (`recordDockerEngine`).
 */
export function planProductionServerNow(kind: ProductionServerKind, env: NodeJS.ProcessEnv = process.env): ProductionServerPlan | ProductionServerSkip {
  const fromEnv = planFromEnv(kind, env);
  if (fromEnv) return fromEnv;
  const docker = recordedDockerEngine(env);
  if (!docker) throw new Error('No Docker engine check was recorded: run the tests with Jest (jest.config.mjs records it in its global setup)');
  return planOn(KINDS[kind], docker);
}

function planFromEnv(kind: ProductionServerKind, env: NodeJS.ProcessEnv): ProductionServerPlan | undefined {
  const url = env[KINDS[kind].variable]?.trim();
  if (!url) return undefined;
  return { source: 'env', description: url, start: async () => ({ url, source: 'env', stop: async () => undefined }) };
}

function planOn(spec: Kind, docker: DockerEngineCheck): ProductionServerPlan | ProductionServerSkip {
  if (!docker.ok) {
    const details = [`${spec.variable} unset`, `no Docker engine for testcontainers: ${docker.reason}`, ...(spec.hint ? [spec.hint] : [])];
    return { skip: `skipped: no ${spec.title} (${details.join('; ')})` };
  }
  return {
    source: 'testcontainers',
    description: `testcontainers ${spec.image}`,
    start: async () => {
      const { url, container } = await spec.start(spec.image);
      let stopped: Promise<unknown> | undefined;
      return { url, source: 'testcontainers', stop: async () => void (await (stopped ??= container.stop())) };
    },
  };
}

/** `planProductionServer` and, unless it is a skip, `start()`: the running server or the skip line. */
export async function productionServer(
  kind: ProductionServerKind,
  options: ProductionServerOptions = {},
): Promise<ProductionServer | ProductionServerSkip> {
  const plan = await planProductionServer(kind, options);
  return 'skip' in plan ? plan : plan.start();
}

/** Stops the container if what follows its start fails, so a failed setup leaves nothing running. */
async function settle<T>(container: StartedTestContainer, setup: () => Promise<T>): Promise<T> {
  try {
    return await setup();
  } catch (error) {
    await container.stop().catch(() => undefined);
    throw error;
  }
}

/** Insecure single node, in memory, as deploy/docker-compose.yml runs it (minus the volumes). */
async function startEventStoreDb(image: string): Promise<{ url: string; container: StartedTestContainer }> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(image)
    .withEnvironment({
      EVENTSTORE_CLUSTER_SIZE: '1',
      EVENTSTORE_INSECURE: 'true',
      EVENTSTORE_MEM_DB: 'true',
      EVENTSTORE_RUN_PROJECTIONS: 'None',
      EVENTSTORE_START_STANDARD_PROJECTIONS: 'false',
    })
    .withExposedPorts(2113)
    // The image's own HEALTHCHECK polls /health/live.
    .withWaitStrategy(Wait.forHealthCheck())
    .withStartupTimeout(STARTUP_TIMEOUT_MS)
    .start();
  return { url: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`, container };
}

/**
 * A single-member replica set (change streams and transactions need one), initiated and waited on
 * until it is the writable primary. Its member is named `localhost:27017`, unreachable from here, so
 * the URL connects directly instead of discovering the set.
 */
async function startMongoDb(image: string): Promise<{ url: string; container: StartedTestContainer }> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(image)
    .withCommand(['mongod', '--replSet', 'rs0', '--bind_ip_all'])
    .withExposedPorts(27017)
    .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
    .withStartupTimeout(STARTUP_TIMEOUT_MS)
    .start();
  return settle(container, async () => {
    const initiate = [
      "rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'localhost:27017' }] });",
      'for (let i = 0; i < 600 && !db.hello().isWritablePrimary; i++) sleep(100);',
      'if (!db.hello().isWritablePrimary) quit(1);',
    ].join(' ');
    const result = await container.exec(['mongosh', '--quiet', '--eval', initiate]);
    if (result.exitCode !== 0) throw new Error(`mongo: replica set initiation failed (exit ${result.exitCode}): ${result.output}`);
    return { url: `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`, container };
  });
}

/**
 * KRaft single node (broker and controller), configured like tools/infra/kafka.mjs. Clients must be
 * told the mapped port, known only once the container runs, so the container waits for a start
 * script that exports the advertised listener and then runs the image's own entry point. The broker
 * talks to itself on an internal listener.
 */
async function startKafka(image: string): Promise<{ url: string; container: StartedTestContainer }> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const script = '/tmp/beacon-kafka-start.sh';
  const waiting = 'beacon: waiting for the start script';
  const container = await new GenericContainer(image)
    .withEnvironment({
      CLUSTER_ID: 'vsJUSlYr9LoaWPdDfrI5sw',
      KAFKA_NODE_ID: '1',
      KAFKA_PROCESS_ROLES: 'broker,controller',
      KAFKA_LISTENERS: 'PLAINTEXT://0.0.0.0:9092,BROKER://0.0.0.0:9093,CONTROLLER://0.0.0.0:9094',
      KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'PLAINTEXT:PLAINTEXT,BROKER:PLAINTEXT,CONTROLLER:PLAINTEXT',
      KAFKA_INTER_BROKER_LISTENER_NAME: 'BROKER',
      KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
      KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9094',
      KAFKA_LOG_DIRS: '/tmp/kraft-combined-logs',
      KAFKA_NUM_PARTITIONS: '8',
      KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'true',
      KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
      KAFKA_OFFSETS_TOPIC_NUM_PARTITIONS: '8',
      KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
      KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
      KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
      KAFKA_GROUP_MIN_SESSION_TIMEOUT_MS: '6000',
    })
    .withExposedPorts(9092)
    .withEntrypoint(['sh', '-c'])
    .withCommand([`echo '${waiting}'; while [ ! -f ${script} ]; do sleep 0.1; done; exec sh ${script}`])
    .withWaitStrategy(Wait.forLogMessage(waiting))
    .withStartupTimeout(STARTUP_TIMEOUT_MS)
    .start();
  return settle(container, async () => {
    const brokers = `${container.getHost()}:${container.getMappedPort(9092)}`;
    const advertised = `PLAINTEXT://${brokers},BROKER://localhost:9093`;
    await container.copyContentToContainer([
      { content: `export KAFKA_ADVERTISED_LISTENERS=${advertised}\nexec /etc/kafka/docker/run\n`, target: script, mode: 0o755 },
    ]);
    await waitForLog(container, /Kafka Server started/, STARTUP_TIMEOUT_MS);
    return { url: brokers, container };
  });
}

async function waitForLog(container: StartedTestContainer, pattern: RegExp, timeoutMs: number): Promise<void> {
  const logs = await container.logs();
  try {
    await new Promise<void>((resolve, reject) => {
      let seen = '';
      const timer = setTimeout(() => reject(new Error(`no log line matching ${pattern} within ${timeoutMs} ms`)), timeoutMs);
      const done = (outcome: Error | undefined): void => {
        clearTimeout(timer);
        if (outcome) reject(outcome);
        else resolve();
      };
      logs.on('data', (chunk: string | Buffer) => {
        // Keep a tail, so a line split across chunks still matches.
        seen = (seen + chunk.toString()).slice(-8_192);
        if (pattern.test(seen)) done(undefined);
      });
      logs.on('error', (error: Error) => done(error));
      logs.on('end', () => done(new Error(`the container's log ended before a line matching ${pattern}`)));
    });
  } finally {
    logs.destroy();
  }
}
