import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { loadPlatformConfig } from '@beacon/platform';
import { createRateLimitStore, type RateLimitStore, type RateLimitStoreConfig } from '@beacon/rate-limits';
import { planProductionServerNow, skipAtRuntime, type ProductionServer } from '@beacon/testing';
import { SignInThrottle, SignInThrottled } from './sign-in-throttle';

const settings = {
  LOGIN_LOCKOUT_ATTEMPTS: '3',
  LOGIN_LOCKOUT_SECONDS: '1',
  LOGIN_LOCKOUT_MAX_SECONDS: '4',
  LOGIN_ADDRESS_ATTEMPTS: '6',
  LOGIN_ADDRESS_WINDOW_SECONDS: '60',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function refusal(attempt: Promise<unknown>): Promise<number> {
  const error = await attempt.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof SignInThrottled)) throw new Error(`expected a throttled attempt, got ${String(error)}`);
  return error.retryAfterSeconds;
}

/**
 * The throttle's rules, run against a store opened by `open` (each call a fresh, separate store).
 * `atomicUpdates()` answers why the server cannot keep counts exact under concurrent updates, if so.
 */
function throttleContract(open: () => Promise<RateLimitStoreConfig>, atomicUpdates: () => Promise<string | null> = async () => null): void {
  const stores: RateLimitStore[] = [];
  const throttleOn = (store: RateLimitStore) => new SignInThrottle(store, loadPlatformConfig(settings));
  const newThrottle = async () => {
    const store = await createRateLimitStore(await open());
    stores.push(store);
    return throttleOn(store);
  };
  /** A client address of its own, so tests do not share an allowance. */
  const address = () => `10.0.0.${Math.floor(Math.random() * 250)}-${randomUUID()}`;
  const email = () => `someone-${randomUUID()}@example.test`;

  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
  });

  it('locks an email, known or not, at LOGIN_LOCKOUT_ATTEMPTS failures, whatever its case, with the first lock\'s length', async () => {
    const throttle = await newThrottle();
    const target = email();
    for (let attempt = 0; attempt < 3; attempt++) await throttle.begin(attempt === 1 ? target.toUpperCase() : target, address());
    expect(await refusal(throttle.begin(` ${target} `, address()))).toBe(1);
  });

  it('lets the email try again once the lock has run out, and locks it for twice as long after one more failure', async () => {
    const throttle = await newThrottle();
    const target = email();
    for (let attempt = 0; attempt < 3; attempt++) await throttle.begin(target, address());
    await sleep(1_050);
    await throttle.begin(target, address());
    expect(await refusal(throttle.begin(target, address()))).toBe(2);
  });

  it('forgets the failures of an email that signs in, and of one an admin clears', async () => {
    const throttle = await newThrottle();
    const [signingIn, cleared] = [email(), email()];
    for (let attempt = 0; attempt < 2; attempt++) await throttle.begin(signingIn, address());
    await (await throttle.begin(signingIn, address())).succeeded();
    for (let attempt = 0; attempt < 3; attempt++) await throttle.begin(signingIn, address());
    for (let attempt = 0; attempt < 3; attempt++) await throttle.begin(cleared, address());
    await throttle.clear(cleared);
    await throttle.begin(cleared, address());
  });

  it('does not count a right password that waits for its second factor', async () => {
    const throttle = await newThrottle();
    const target = email();
    for (let attempt = 0; attempt < 2; attempt++) await throttle.begin(target, address());
    await (await throttle.begin(target, address())).passwordAccepted();
    await throttle.begin(target, address());
    expect(await refusal(throttle.begin(target, address()))).toBe(1);
  });

  it('allows LOGIN_ADDRESS_ATTEMPTS attempts per address and window, giving successful ones back', async () => {
    const throttle = await newThrottle();
    const from = address();
    for (let attempt = 0; attempt < 3; attempt++) await (await throttle.begin(email(), from)).succeeded();
    for (let attempt = 0; attempt < 6; attempt++) await throttle.begin(email(), from);
    const wait = await refusal(throttle.begin(email(), from));
    expect(wait).toBeGreaterThan(55);
    expect(wait).toBeLessThanOrEqual(60);
    await throttle.begin(email(), address());
  });

  it('holds back attempts sent all at once: no more get through than the allowance', async () => {
    const lacking = await atomicUpdates();
    if (lacking) return skipAtRuntime(lacking);
    const throttle = await newThrottle();
    const from = address();
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => throttle.begin(email(), from)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(6);
  });

  it('shares its counts with every throttle on the same store, as processes of one installation do', async () => {
    const config = await open();
    const first = await createRateLimitStore(config);
    const second = await createRateLimitStore(config);
    stores.push(first, second);
    const target = email();
    for (let attempt = 0; attempt < 3; attempt++) await throttleOn(attempt % 2 ? first : second).begin(target, address());
    expect(await refusal(throttleOn(second).begin(target, address()))).toBe(1);
  });
}

describe('sign-in throttle on SQLite (the embedded store, a file under DATA_DIR)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'beacon-sign-in-throttle-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  throttleContract(async () => ({ mongoDatabase: 'unused', sqlitePath: join(dir, 'rate-limits.sqlite') }));

  it('keeps its counts across a restart', async () => {
    const config = { mongoDatabase: 'unused', sqlitePath: join(dir, 'restart.sqlite') };
    const before = await createRateLimitStore(config);
    const target = 'restarting@example.test';
    for (let attempt = 0; attempt < 3; attempt++) await new SignInThrottle(before, loadPlatformConfig(settings)).begin(target, `a-${attempt}`);
    await before.close();
    const after = await createRateLimitStore(config);
    try {
      expect(await refusal(new SignInThrottle(after, loadPlatformConfig(settings)).begin(target, 'b'))).toBe(1);
    } finally {
      await after.close();
    }
  });
});

// MONGO_URL when set, else a testcontainers MongoDB when a Docker engine answers, else one skip line.
describe('sign-in throttle on MongoDB (the distributed store)', () => {
  const plan = planProductionServerNow('mongodb');
  if ('skip' in plan) {
    console.log(plan.skip);
    it.skip('runs against MongoDB when MONGO_URL is set or a Docker engine is reachable', () => undefined);
    return;
  }
  let server: ProductionServer | undefined;
  const database = `sign_in_throttle_${randomUUID().slice(0, 8)}`;
  beforeAll(async () => {
    server = await plan.start();
  }, 300_000);
  afterAll(async () => {
    if (server) {
      const client = await MongoClient.connect(server.url);
      await client.db(database).dropDatabase();
      await client.close();
    }
    await server?.stop();
  }, 60_000);
  throttleContract(
    async () => ({ mongoUrl: server!.url, mongoDatabase: database, sqlitePath: ':memory:' }),
    async () => {
      const client = await MongoClient.connect(server!.url);
      try {
        const info = await client.db('admin').command({ buildInfo: 1 });
        return typeof info.ferretdbVersion === 'string'
          ? `concurrent counts need a real MongoDB (FerretDB ${String(info.ferretdbVersion)} loses concurrent $inc updates of one document)`
          : null;
      } finally {
        await client.close();
      }
    },
  );
});
