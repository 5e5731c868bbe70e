import { existsSync, readFileSync } from 'node:fs';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { homedir } from 'node:os';
import { join } from 'node:path';

export type DockerEngineCheck = { readonly ok: true; readonly endpoint: string } | { readonly ok: false; readonly reason: string };

export interface DockerEngineOptions {
  /** Where DOCKER_HOST, DOCKER_TLS_VERIFY, DOCKER_CERT_PATH and XDG_RUNTIME_DIR are read; process.env by default. */
  readonly env?: NodeJS.ProcessEnv;
  /** The whole check, connect and answer, gives up after this long. */
  readonly timeoutMs?: number;
}

const DEFAULT_SOCKET = '/var/run/docker.sock';

interface Endpoint {
  /** How the reason names it, e.g. `DOCKER_HOST=tcp://10.0.0.5:2375` or `/var/run/docker.sock`. */
  readonly label: string;
  readonly options: RequestOptions;
  readonly https: boolean;
}

/**
 * Whether a Docker engine answers, found as testcontainers finds it: DOCKER_HOST when set (and then
 * only it), else the usual sockets (`/var/run/docker.sock`, then the rootless/Docker Desktop ones).
 * Pings the engine (`GET /_ping`) rather than trusting that a socket file exists: a stale socket, a
 * daemon that is down or a closed port all come back `ok: false` with the reason, within `timeoutMs`.
 */
export async function dockerEngineReachable(options: DockerEngineOptions = {}): Promise<DockerEngineCheck> {
  const env = options.env ?? process.env;
  const timeoutMs = options.timeoutMs ?? 2_000;
  const found = locateEngine(env);
  if ('reason' in found) return { ok: false, reason: found.reason };
  const answer = await ping(found, timeoutMs);
  return answer === undefined ? { ok: true, endpoint: found.label } : { ok: false, reason: `${found.label}: ${answer}` };
}

/** Where the test run's global setup leaves its one Docker engine check for every test file. */
const RECORDED = 'BEACON_DOCKER_ENGINE_CHECK';

/** Checks once and records the answer in `env` (the test run's global setup does, before any worker starts). */
export async function recordDockerEngine(env: NodeJS.ProcessEnv = process.env): Promise<DockerEngineCheck> {
  const check = await dockerEngineReachable({ env });
  env[RECORDED] = JSON.stringify(check);
  return check;
}

/** The check `recordDockerEngine` recorded, if any. */
export function recordedDockerEngine(env: NodeJS.ProcessEnv = process.env): DockerEngineCheck | undefined {
  const recorded = env[RECORDED];
  return recorded ? (JSON.parse(recorded) as DockerEngineCheck) : undefined;
}

function locateEngine(env: NodeJS.ProcessEnv): Endpoint | { reason: string } {
  const dockerHost = env['DOCKER_HOST']?.trim();
  if (dockerHost) {
    const label = `DOCKER_HOST=${dockerHost}`;
    let url: URL;
    try {
      url = new URL(dockerHost);
    } catch {
      return { reason: `${label} is not a URL` };
    }
    if (url.protocol === 'unix:') {
      const socketPath = decodeURIComponent(url.pathname);
      if (!existsSync(socketPath)) return { reason: `${label}: ${socketPath} not found` };
      return { label, options: { socketPath }, https: false };
    }
    if (url.protocol === 'npipe:') {
      // npipe:////./pipe/docker_engine is \\.\pipe\docker_engine
      return { label, options: { socketPath: url.pathname.replace(/^\/+/, '\\\\').replace(/\//g, '\\') }, https: false };
    }
    if (url.protocol === 'tcp:' || url.protocol === 'http:' || url.protocol === 'https:') {
      const tls = url.protocol === 'https:' || isSet(env['DOCKER_TLS_VERIFY']);
      const port = url.port ? Number(url.port) : tls ? 2376 : 2375;
      return { label, options: { host: url.hostname.replace(/^\[|\]$/g, ''), port, ...(tls ? tlsFiles(env) : {}) }, https: tls };
    }
    return { reason: `${label}: the ${url.protocol.replace(/:$/, '')} scheme is not supported here` };
  }
  const candidates = [
    DEFAULT_SOCKET,
    ...(env['XDG_RUNTIME_DIR'] ? [join(env['XDG_RUNTIME_DIR'], 'docker.sock')] : []),
    join(homedir(), '.docker', 'run', 'docker.sock'),
    join(homedir(), '.docker', 'desktop', 'docker.sock'),
  ];
  const socketPath = candidates.find((candidate) => existsSync(candidate));
  if (!socketPath) return { reason: `DOCKER_HOST unset and ${DEFAULT_SOCKET} not found` };
  return { label: socketPath, options: { socketPath }, https: false };
}

const isSet = (value: string | undefined): boolean => value !== undefined && value !== '' && value !== '0';

function tlsFiles(env: NodeJS.ProcessEnv): RequestOptions & { ca?: Buffer; cert?: Buffer; key?: Buffer } {
  const dir = env['DOCKER_CERT_PATH'] || join(homedir(), '.docker');
  const read = (name: string): Buffer | undefined => {
    try {
      return readFileSync(join(dir, name));
    } catch {
      return undefined;
    }
  };
  const [ca, cert, key] = [read('ca.pem'), read('cert.pem'), read('key.pem')];
  return { ...(ca ? { ca } : {}), ...(cert ? { cert } : {}), ...(key ? { key } : {}) };
}

/** Resolves undefined when the engine answers the ping with 200, else with what went wrong. Never rejects. */
function ping(endpoint: Endpoint, timeoutMs: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: string | undefined): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(outcome);
    };
    const send = endpoint.https ? httpsRequest : httpRequest;
    const request = send({ ...endpoint.options, method: 'GET', path: '/_ping', agent: false }, (response) => {
      response.resume();
      finish(response.statusCode === 200 ? undefined : `the ping answered HTTP ${response.statusCode}`);
    });
    const timer = setTimeout(() => finish(`no answer to a ping within ${timeoutMs} ms`), timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => finish(`the ping failed (${error.code ?? error.message})`));
    request.end();
  });
}
