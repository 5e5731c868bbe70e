import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { Socket } from 'socket.io-client';
import type { INestApplication } from '@nestjs/common';
import type { ImpersonationTokenDto } from '@beacon/contracts';
import { CommandApiModule, DEMO_ROOT_ID } from '@beacon/command-api';
import { createProcessApp, loadPlatformConfig } from '@beacon/platform';
import { QueryApiModule } from '@beacon/query-api';
import { auth, login, sleep, startTestApp, type TestApp } from './testing/embedded-test-app';
import { connected, connectLive, disconnected, nextUpdate } from './testing/live-socket';
import { createUser } from './testing/users';

/** The bound: a socket must not outlive its sign-in by more than this. */
const WITHIN_MS = 1_000;

let app: TestApp;
let admin: string;
const opened: Socket[] = [];

beforeAll(async () => {
  app = await startTestApp();
  admin = await login(app, 'admin@demo.test');
});

afterEach(() => {
  for (const socket of opened.splice(0)) socket.close();
});

afterAll(async () => {
  await app?.close();
});

async function open(on: TestApp, token: string): Promise<Socket> {
  const socket = connectLive(on, { token });
  opened.push(socket);
  await connected(socket);
  return socket;
}

/** Renames the demo tenant's incident module, which every socket of the tenant hears about. */
async function renameModule(on: TestApp, key: string, name: string): Promise<void> {
  await request(on.url)
    .put(`/api/customer_group_im_settings/${DEMO_ROOT_ID}/`)
    .set(auth(key))
    .send({ module_name: name, module_name_plural: `${name}s` })
    .expect(200);
}

const renamedTo = (name: string) => (update: { data: unknown }) => (update.data as { module_name?: string }).module_name === name;

/** Runs `end`, then how long the server took to close the socket (it must be the server: the client never reconnects or closes here). */
async function closedAfter(socket: Socket, end: () => Promise<unknown>): Promise<number> {
  const reason = disconnected(socket, 5_000);
  const started = Date.now();
  await end();
  expect(await reason).toBe('io server disconnect');
  return Date.now() - started;
}

describe('a live socket ends with the sign-in it was opened with', () => {
  it('logout closes the sockets of that token within a second; another sign-in\'s socket keeps its updates', async () => {
    const operator = await login(app, 'operator@demo.test');
    const elsewhere = await login(app, 'operator@demo.test');
    const socket = await open(app, operator);
    const other = await open(app, elsewhere);
    const heard = nextUpdate(socket, renamedTo('Before'));
    await renameModule(app, admin, 'Before');
    await heard;

    const took = await closedAfter(socket, () => request(app.url).post('/api/rest-auth/logout/').set(auth(operator)).expect(200));
    expect(took).toBeLessThan(WITHIN_MS);
    const stillHeard = nextUpdate(other, renamedTo('After'));
    await renameModule(app, admin, 'After');
    await stillHeard;
    expect(other.connected).toBe(true);
  });

  it('a token already signed out cannot open a socket again', async () => {
    const operator = await login(app, 'operator@demo.test');
    await request(app.url).post('/api/rest-auth/logout/').set(auth(operator)).expect(200);
    const socket = connectLive(app, { token: operator });
    opened.push(socket);
    await expect(connected(socket)).rejects.toThrow('unauthorized');
  });

  it('the end of an impersonation closes the socket opened as the impersonated user', async () => {
    const user = await createUser(app);
    const link = (await request(app.url).post(`/api/user/${user.userId}/impersonate/`).set(auth(admin)).expect(200)).body as ImpersonationTokenDto;
    const key = (await request(app.url).post('/api/rest-auth/impersonate_login/').send({ token: link.token }).expect(200)).body.key as string;
    const socket = await open(app, key);

    const took = await closedAfter(socket, () => request(app.url).post('/api/rest-auth/logout/').set(auth(key)).expect(200));
    expect(took).toBeLessThan(WITHIN_MS);
  });

  it('a password change closes the sockets of the user\'s other sign-ins, not of the one it was made from', async () => {
    const user = await createUser(app);
    const current = await login(app, user.email, user.password);
    const other = await login(app, user.email, user.password);
    const kept = await open(app, current);
    const ended = await open(app, other);
    const password = 'Changed-password-5';

    const took = await closedAfter(ended, () =>
      request(app.url)
        .post('/api/rest-auth/password/change/')
        .set(auth(current))
        .send({ old_password: user.password, new_password1: password, new_password2: password })
        .expect(200),
    );
    expect(took).toBeLessThan(WITHIN_MS);
    expect(kept.connected).toBe(true);
  });
});

describe('a live socket ends when its token expires', () => {
  const IDLE_SECONDS = 2;
  let shortLived: TestApp;

  beforeAll(async () => {
    shortLived = await startTestApp({ TOKEN_IDLE_SECONDS: String(IDLE_SECONDS) });
  });

  afterAll(async () => {
    await shortLived?.close();
  });

  it('stays open while calls keep the token alive, and closes within a second of its idle expiry', async () => {
    const key = await login(shortLived, 'operator@demo.test');
    const socket = await open(shortLived, key);
    const reason = disconnected(socket, 10_000);

    await sleep(1_500);
    const keepalive = await request(shortLived.url).get('/api/users/keepalive/').set(auth(key)).expect(200);
    const expiresAt = Date.parse((keepalive.body as { expires_at: string }).expires_at);
    await sleep(1_000);
    expect(socket.connected).toBe(true);

    expect(await reason).toBe('io server disconnect');
    const late = Date.now() - expiresAt;
    expect(late).toBeGreaterThanOrEqual(0);
    expect(late).toBeLessThan(WITHIN_MS);
  });
});

describe('command-api and query-api apart, as in the distributed mode', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'beacon-apart-'));
  const apps: INestApplication[] = [];

  /** One app of its own over the shared data folder, as a separate process would be (own connections, own node id). */
  async function start(feature: typeof CommandApiModule | typeof QueryApiModule): Promise<TestApp> {
    const config = loadPlatformConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, 'test');
    const app = await createProcessApp(config, [feature]);
    apps.push(app);
    await app.listen(0, '127.0.0.1');
    return { app, config, url: (await app.getUrl()).replace('[::1]', '127.0.0.1'), close: () => app.close() };
  }

  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a sign-out on command-api closes the socket held by query-api within a second', async () => {
    const commandApi = await start(CommandApiModule);
    const queryApi = await start(QueryApiModule);
    const key = await login(commandApi, 'operator@demo.test');
    const socket = await open(queryApi, key);

    const took = await closedAfter(socket, () => request(commandApi.url).post('/api/rest-auth/logout/').set(auth(key)).expect(200));
    expect(took).toBeLessThan(WITHIN_MS);
  });
});
