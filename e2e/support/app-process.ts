import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '..', '..');

export type AppName = 'embedded' | 'command-api' | 'query-api' | 'dispatch-worker';
const mainOf = (app: AppName) => join(REPO_ROOT, 'apps', app, 'dist', 'main.js');

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

export const newDataDir = () => mkdtempSync(join(tmpdir(), 'beacon-e2e-'));

export interface AppProcess {
  readonly url: string;
  readonly child: ChildProcess;
  readonly output: () => string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export type EmbeddedProcess = AppProcess;

/** This process's environment without the production adapters' URLs: an app gets them only when a test passes them. */
function embeddedEnvironment(): NodeJS.ProcessEnv {
  const { EVENTSTORE_URL: _e, MONGO_URL: _m, KAFKA_BROKERS: _k, ...rest } = process.env;
  return rest;
}

/** Starts one built app as its own OS process and waits until it listens (on `env.PORT` when given: a restart keeps its address). */
export async function startAppProcess(app: AppName, dataDir: string, env: Record<string, string> = {}, startTimeoutMs = 30_000): Promise<AppProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, [mainOf(app)], {
    cwd: REPO_ROOT,
    env: { ...embeddedEnvironment(), PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${app} exited with ${child.exitCode}:\n${output}`);
    try {
      await fetch(`${url}/api/get_company_info/`);
      if (output.includes('Listening on')) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running behind the failed test.
      child.kill('SIGKILL');
      throw new Error(`${app} did not start within ${startTimeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    output: () => output,
    async kill(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

export async function apiLogin(url: string, email: string, password = 'Demo-password-1'): Promise<string> {
  const response = await fetch(`${url}/api/rest-auth/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { key: string }).key;
}
