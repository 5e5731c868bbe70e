import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { DemoTenantSeeder } from '@beacon/command-api';
import { loadPlatformConfig, type PlatformConfig } from '@beacon/platform';
import { eventually as retryUntil } from '@beacon/testing';
import request from 'supertest';
import { createEmbeddedApp } from '../embedded-app';

export interface TestApp {
  readonly app: INestApplication;
  readonly config: PlatformConfig;
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The embedded app on a fresh temporary data directory and a free port (or the PORT given, for a test
 * whose PUBLIC_URL must name it), with the demo tenant but not its 200 people (tests count users;
 * SEED_DEMO_PEOPLE: 'true' brings them).
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'beacon-test-'));
  const config = loadPlatformConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO_PEOPLE: 'false', ...env }, 'test');
  process.env.LOG_LEVEL = 'silent';
  const app = await createEmbeddedApp(config);
  await app.listen(env.PORT ? config.port : 0, '127.0.0.1');
  // The demo's message templates are made once the read models answer: done before a test reads the history.
  await app.get(DemoTenantSeeder).templates;
  const url = await app.getUrl();
  return {
    app,
    config,
    url: url.replace('[::1]', '127.0.0.1'),
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function login(app: TestApp, email: string, password = 'Demo-password-1'): Promise<string> {
  const response = await request(app.url).post('/api/rest-auth/login/').send({ email, password }).expect(200);
  return (response.body as { key: string }).key;
}

export const auth = (key: string) => ({ Authorization: `Token ${key}` });

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retries `check` until it stops throwing (projections catch up asynchronously), for at most `timeoutMs`. */
export const eventually = <T>(check: () => Promise<T>, timeoutMs = 5_000): Promise<T> => retryUntil(check, { timeout: timeoutMs, interval: 25 });
