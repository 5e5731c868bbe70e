import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { CommandBus } from '@nestjs/cqrs';
import { ChangeCustomerPermissionCommand, DEMO_ROOT_ID } from '@beacon/command-api';
import type { TokenExpiryDto } from '@beacon/contracts';
import { auth, eventually, login, sleep, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createUser } from './testing/users';

/**
 * Two seconds of idle lifetime: short enough to watch a token expire, with margins that hold on a
 * busy two-core machine (each step below is 1.2 s apart, inside or outside the 2 s as it must be).
 */
const IDLE_SECONDS = 2;

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ TOKEN_IDLE_SECONDS: String(IDLE_SECONDS) });
});

afterAll(async () => {
  await app?.close();
});

const self = (key: string) => request(app.url).get('/api/user/self/').set(auth(key));
const keepalive = (key: string) => request(app.url).get('/api/users/keepalive/').set(auth(key));

describe('idle expiry', () => {
  it('a token not used for TOKEN_IDLE_SECONDS answers 401', async () => {
    const key = await login(app, 'operator@demo.test');
    await self(key).expect(200);
    await sleep(IDLE_SECONDS * 1000 + 200);
    const response = await self(key).expect(401);
    expect(response.body).toEqual({ detail: 'Invalid token.' });
  });

  it('keepalive (like any call) moves the expiry ahead', async () => {
    const key = await login(app, 'sender@demo.test');
    await sleep(1_200);
    await keepalive(key).expect(200);
    await sleep(1_200);
    // 2.4 s after sign-in: alive only because the keepalive extended it.
    await keepalive(key).expect(200);
    await sleep(IDLE_SECONDS * 1000 + 200);
    await keepalive(key).expect(401);
  });

  it('GET /api/get_token_expiry_time/ answers the idle lifetime in seconds and when the token expires', async () => {
    const key = await login(app, 'data@demo.test');
    const first = (await request(app.url).get('/api/get_token_expiry_time/').set(auth(key)).expect(200)).body as TokenExpiryDto;
    expect(first.token_expiry).toBe(IDLE_SECONDS);
    expect(Date.parse(first.expires_at) - Date.now()).toBeGreaterThan(1_000);
    expect(Date.parse(first.expires_at) - Date.now()).toBeLessThanOrEqual(IDLE_SECONDS * 1000);
    await sleep(300);
    const later = (await keepalive(key).expect(200)).body as TokenExpiryDto;
    expect(Date.parse(later.expires_at)).toBeGreaterThan(Date.parse(first.expires_at));
  });
});

describe('revoked tokens', () => {
  it('a token ended by logout answers 401, and the user\'s other tokens still work', async () => {
    const first = await login(app, 'contact@demo.test');
    const second = await login(app, 'contact@demo.test');
    await request(app.url).post('/api/rest-auth/logout/').set(auth(first)).expect(200);
    await self(first).expect(401);
    await self(second).expect(200);
  });
});

describe('the role comes from the current user', () => {
  it('a role change applies to the very next call made with an existing token', async () => {
    const user = await createUser(app, { role: 'OPERATOR' });
    const other = await createUser(app, { role: 'CONTACT' });
    const key = await login(app, user.email, user.password);
    await eventually(() => request(app.url).get(`/api/user/${other.userId}/`).set(auth(key)).expect(200));
    await app.app
      .get(CommandBus)
      .execute(new ChangeCustomerPermissionCommand(user.userId, 'CONTACT', { commandId: randomUUID(), tenantId: DEMO_ROOT_ID, actorUserId: null, acceptedAt: new Date() }));
    await request(app.url).get(`/api/user/${other.userId}/`).set(auth(key)).expect(403);
    await request(app.url).get(`/api/user/${user.userId}/`).set(auth(key)).expect(200);
  });
});
