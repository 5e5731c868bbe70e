import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { because } from '@beacon/testing';
import request from 'supertest';
import { startTestApp, type TestApp } from './testing/embedded-test-app';
import { createUser } from './testing/users';

const THROTTLED = /^Request was throttled\. Expected available in \d+ seconds?\.$/;
const INVALID_CREDENTIALS = { detail: 'Unable to log in with provided credentials.', non_field_errors: ['Unable to log in with provided credentials.'] };

const unknownEmail = () => `nobody-${randomUUID().slice(0, 8)}@demo.test`;

function attempt(app: TestApp, email: string, password: string, from?: string) {
  const call = request(app.url).post('/api/rest-auth/login/').send({ email, password });
  return from ? call.set('X-Forwarded-For', from) : call;
}

function expectThrottled(response: request.Response): number {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({ detail: expect.stringMatching(THROTTLED) });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  return retryAfter;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('per client address', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'beacon-throttle-'));
  const env = { DATA_DIR: dataDir, LOGIN_ADDRESS_ATTEMPTS: '10' };
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(env);
  });

  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('successful sign-ins leave the allowance alone; of guesses sent all at once only LOGIN_ADDRESS_ATTEMPTS are answered, the rest get 429 with Retry-After', async () => {
    for (let signIn = 0; signIn < 12; signIn++) await attempt(app, 'operator@demo.test', 'Demo-password-1').expect(200);
    const guesses = await Promise.all(Array.from({ length: 30 }, () => attempt(app, unknownEmail(), 'Guess-password-1')));
    expect(guesses.filter((response) => response.status === 400)).toHaveLength(10);
    const throttled = guesses.filter((response) => response.status === 429);
    expect(throttled).toHaveLength(20);
    for (const response of throttled) expect(expectThrottled(response)).toBeLessThanOrEqual(60);
    expectThrottled(await attempt(app, 'operator@demo.test', 'Demo-password-1'));
  });

  it('a forwarded address from a client that is not a trusted proxy changes nothing', async () => {
    expectThrottled(await attempt(app, unknownEmail(), 'Guess-password-1', '198.51.100.7'));
  });

  it('the count is kept in DATA_DIR: a restart does not hand out a fresh allowance', async () => {
    await app.close();
    app = await startTestApp(env);
    expectThrottled(await attempt(app, unknownEmail(), 'Guess-password-1'));
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ TRUST_PROXY: 'loopback', LOGIN_ADDRESS_ATTEMPTS: '3' });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('counts per client address from X-Forwarded-For, so one client\'s guessing does not lock out another', async () => {
    for (let guess = 0; guess < 3; guess++) await attempt(app, unknownEmail(), 'Guess-password-1', '203.0.113.1').expect(400);
    expectThrottled(await attempt(app, unknownEmail(), 'Guess-password-1', '203.0.113.1'));
    await attempt(app, 'operator@demo.test', 'Demo-password-1', '203.0.113.2').expect(200);
  });
});

describe('known and unknown emails look alike', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ TRUST_PROXY: 'loopback' });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('the same answers at every attempt, the lock included: nothing says "locked" or tells which email has an account', async () => {
    const known = await createUser(app);
    const unknown = unknownEmail();
    // Each guess from an address of its own, as a guesser spreading guesses would: only the email's count is at work.
    const from = (index: number) => `192.0.2.${index}`;
    for (let guess = 1; guess <= 5; guess++) {
      const [forKnown, forUnknown] = await Promise.all([
        attempt(app, known.email, 'Wrong-password-1', from(guess)),
        attempt(app, unknown, 'Wrong-password-1', from(guess + 10)),
      ]);
      expect([forKnown.status, forKnown.body]).toEqual([400, INVALID_CREDENTIALS]);
      expect([forUnknown.status, forUnknown.body]).toEqual([forKnown.status, forKnown.body]);
    }
    const lockedKnown = await attempt(app, known.email, known.password, from(21));
    const lockedUnknown = await attempt(app, unknown, known.password, from(22));
    const [waitKnown, waitUnknown] = [expectThrottled(lockedKnown), expectThrottled(lockedUnknown)];
    expect(Math.abs(waitKnown - waitUnknown)).toBeLessThanOrEqual(1);
    expect(JSON.stringify(lockedKnown.body)).not.toMatch(/lock|account/i);
  });

  it('take as long: an unknown email costs the same password hash as a wrong password for a known one', async () => {
    const users = await Promise.all(Array.from({ length: 7 }, () => createUser(app)));
    const timings = { known: [] as number[], unknown: [] as number[] };
    for (const [index, user] of users.entries()) {
      for (const [kind, email] of [
        ['known', user.email],
        ['unknown', unknownEmail()],
      ] as const) {
        const started = performance.now();
        await attempt(app, email, 'Wrong-password-1', `198.18.0.${index}`).expect(400);
        timings[kind].push(performance.now() - started);
      }
    }
    const ratio = median(timings.unknown) / median(timings.known);
    because(`median ms: known ${median(timings.known).toFixed(1)}, unknown ${median(timings.unknown).toFixed(1)}`, () => expect(ratio).toBeGreaterThan(0.5));
    expect(ratio).toBeLessThan(2);
  });
});
