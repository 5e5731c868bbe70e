import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { dockerEngineReachable } from './docker-engine';
import { planProductionServer, productionServer } from './production-server';

const servers: Server[] = [];
const sockets: Socket[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const listening = async <T extends Server>(server: T, ...where: [number, string] | [string]): Promise<T> => {
  servers.push(server);
  await new Promise<void>((done) => server.listen(...(where as [string]), () => done()));
  return server;
};
const portOf = (server: Server): number => {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not a TCP server');
  return address.port;
};
const socketPath = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'docker-ping-'));
  dirs.push(dir);
  return join(dir, 'docker.sock');
};
/** A stand-in engine on a unix socket: answers GET /_ping with `status`. */
const fakeEngine = async (status: number): Promise<string> => {
  const path = socketPath();
  await listening(
    createHttpServer((request, response) => {
      response.writeHead(request.url === '/_ping' ? status : 404, { 'content-type': 'text/plain' });
      response.end(status === 200 ? 'OK' : 'no');
    }),
    path,
  );
  return path;
};
const closedPort = async (): Promise<number> => {
  const server = createTcpServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const port = portOf(server);
  await new Promise((done) => server.close(done));
  return port;
};
const timed = async <T>(work: Promise<T>): Promise<{ result: T; ms: number }> => {
  const started = Date.now();
  const result = await work;
  return { result, ms: Date.now() - started };
};

describe('dockerEngineReachable', () => {
  it('reports a DOCKER_HOST socket that does not exist', async () => {
    const env = { DOCKER_HOST: 'unix:///nonexistent/beacon/docker.sock' };

    const { result, ms } = await timed(dockerEngineReachable({ env }));

    expect(result).toEqual({ ok: false, reason: 'DOCKER_HOST=unix:///nonexistent/beacon/docker.sock: /nonexistent/beacon/docker.sock not found' });
    expect(ms).toBeLessThan(1_000);
  });

  it('reports a DOCKER_HOST port where nothing listens', async () => {
    const port = await closedPort();

    const { result, ms } = await timed(dockerEngineReachable({ env: { DOCKER_HOST: `tcp://127.0.0.1:${port}` } }));

    expect(result).toEqual({ ok: false, reason: `DOCKER_HOST=tcp://127.0.0.1:${port}: the ping failed (ECONNREFUSED)` });
    expect(ms).toBeLessThan(1_000);
  });

  it('gives up on an engine that accepts the connection but never answers', async () => {
    const silent = await listening(createTcpServer((socket) => void sockets.push(socket)), 0, '127.0.0.1');
    const env = { DOCKER_HOST: `tcp://127.0.0.1:${portOf(silent)}` };

    const { result, ms } = await timed(dockerEngineReachable({ env, timeoutMs: 300 }));

    expect(result).toEqual({ ok: false, reason: `DOCKER_HOST=${env.DOCKER_HOST}: no answer to a ping within 300 ms` });
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(ms).toBeLessThan(1_500);
  });

  it('reports an engine that answers the ping with an error', async () => {
    const path = await fakeEngine(500);

    expect(await dockerEngineReachable({ env: { DOCKER_HOST: `unix://${path}` } })).toEqual({
      ok: false,
      reason: `DOCKER_HOST=unix://${path}: the ping answered HTTP 500`,
    });
  });

  it('finds an engine that answers the ping', async () => {
    const path = await fakeEngine(200);

    expect(await dockerEngineReachable({ env: { DOCKER_HOST: `unix://${path}` } })).toEqual({
      ok: true,
      endpoint: `DOCKER_HOST=unix://${path}`,
    });
  });

  it('rejects a DOCKER_HOST scheme it cannot ping', async () => {
    expect(await dockerEngineReachable({ env: { DOCKER_HOST: 'ssh://me@build-host' } })).toEqual({
      ok: false,
      reason: 'DOCKER_HOST=ssh://me@build-host: the ssh scheme is not supported here',
    });
  });
});

describe('planProductionServer', () => {
  const noDocker = { DOCKER_HOST: 'unix:///nonexistent/docker.sock' };
  const noDockerReason = 'no Docker engine for testcontainers: DOCKER_HOST=unix:///nonexistent/docker.sock: /nonexistent/docker.sock not found';

  it('uses the server the env var names, and leaves it running on stop', async () => {
    const env = { ...noDocker, MONGO_URL: 'mongodb://127.0.0.1:27017/' };

    const plan = await planProductionServer('mongodb', { env });
    if ('skip' in plan) throw new Error(plan.skip);
    const server = await plan.start();
    await server.stop();

    expect(plan).toMatchObject({ source: 'env', description: 'mongodb://127.0.0.1:27017/' });
    expect(server).toMatchObject({ url: 'mongodb://127.0.0.1:27017/', source: 'env' });
  });

  it('returns the started server from productionServer', async () => {
    const server = await productionServer('eventstoredb', { env: { ...noDocker, EVENTSTORE_URL: 'esdb://es:2113?tls=false' } });

    expect(server).toMatchObject({ url: 'esdb://es:2113?tls=false', source: 'env' });
  });

  it('says which env var is unset and why Docker is not usable', async () => {
    expect(await planProductionServer('mongodb', { env: noDocker })).toEqual({
      skip: `skipped: no MongoDB (MONGO_URL unset; ${noDockerReason}; \`node tools/infra/ferretdb.mjs start\` prints a MONGO_URL)`,
    });
    expect(await planProductionServer('kafka', { env: { ...noDocker, KAFKA_BROKERS: '  ' } })).toEqual({
      skip: `skipped: no Kafka (KAFKA_BROKERS unset; ${noDockerReason}; start one with \`node tools/infra/kafka.mjs start\`)`,
    });
    expect(await productionServer('eventstoredb', { env: noDocker })).toEqual({
      skip: `skipped: no EventStoreDB (EVENTSTORE_URL unset; ${noDockerReason})`,
    });
  });

  it('plans a container when the env var is unset and a Docker engine answers, starting nothing yet', async () => {
    const path = await fakeEngine(200);

    const plans = await Promise.all(
      (['eventstoredb', 'mongodb', 'kafka'] as const).map((kind) => planProductionServer(kind, { env: { DOCKER_HOST: `unix://${path}` } })),
    );

    expect(plans.map((plan) => ('skip' in plan ? plan.skip : [plan.source, plan.description]))).toEqual([
      ['testcontainers', 'testcontainers eventstore/eventstore:24.10'],
      ['testcontainers', 'testcontainers mongo:7'],
      ['testcontainers', 'testcontainers apache/kafka:3.9.0'],
    ]);
  });
});
