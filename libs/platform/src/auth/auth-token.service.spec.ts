import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createBus, type Bus } from '@beacon/bus';
import { userStream, type UserCustomerPermissionChanged, type UserRegistered } from '@beacon/domain';
import { createEventStore, type EventStore } from '@beacon/event-store';
import { createReadStore, SYSTEM_TENANT, type ReadStore } from '@beacon/read-store';
import { eventually } from '@beacon/testing';
import { loadPlatformConfig } from '../config/platform-config';
import { AuthTokenService, TOKENS_REVOKED_TOPIC, type TokensRevoked } from './auth-token.service';

const registered: UserRegistered = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    email: 'ann@example.test',
    firstName: 'Ann',
    lastName: 'Lee',
    customerGroupId: 'g1',
    rootId: 'g1',
    customerPermission: 'OPERATOR',
    isTemporary: false,
    preferredTimezone: 'Europe/London',
  },
};
const promoted: UserCustomerPermissionChanged = {
  type: 'UserCustomerPermissionChanged',
  data: { userId: 'u1', customerPermission: 'ADMIN', previousCustomerPermission: 'OPERATOR' },
};

let eventStore: EventStore;
let readStore: ReadStore;
let bus: Bus;
let tokens: AuthTokenService;
let id = 0;
const append = (event: UserRegistered | UserCustomerPermissionChanged) =>
  eventStore.appendToStream(userStream('u1'), [{ id: `00000000-0000-4000-8000-${String(++id).padStart(12, '0')}`, ...event }]);

beforeEach(async () => {
  eventStore = await createEventStore({ sqlitePath: ':memory:' });
  readStore = await createReadStore({ sqlitePath: ':memory:' });
  bus = await createBus({ sqlitePath: ':memory:' });
  tokens = new AuthTokenService(readStore, eventStore, loadPlatformConfig({ TOKEN_IDLE_SECONDS: '10' }), bus);
  await append(registered);
});

afterEach(async () => {
  await bus.close();
  await readStore.close();
  await eventStore.close();
});

describe('sign-in tokens', () => {
  it('resolve to the user as they are now: a role change shows on the next resolve', async () => {
    const key = await tokens.issue({ userId: 'u1', sessionId: 's1' }, 1_000);
    expect(await tokens.resolve(key, 2_000)).toMatchObject({
      userId: 'u1',
      email: 'ann@example.test',
      sessionId: 's1',
      rootId: 'g1',
      customerPermission: 'OPERATOR',
      expiresAt: 11_000,
    });
    await append(promoted);
    expect((await tokens.resolve(key, 2_000))?.customerPermission).toBe('ADMIN');
  });

  it('expire after the idle lifetime unless a call extends them', async () => {
    const key = await tokens.issue({ userId: 'u1', sessionId: 's1' }, 1_000);
    expect(await tokens.resolve(key, 11_000)).toBeNull();
    const principal = await tokens.resolve(key, 10_999);
    expect(await tokens.extend(principal!, 10_999)).toBe(20_999);
    expect(await tokens.resolve(key, 20_000)).not.toBeNull();
  });

  it('write an extension only once it moves the expiry by a twentieth of the idle lifetime', async () => {
    const key = await tokens.issue({ userId: 'u1', sessionId: 's1' }, 1_000);
    const at = async (now: number) => tokens.extend((await tokens.resolve(key, now))!, now);
    expect(await at(1_400)).toBe(11_000);
    expect((await tokens.resolve(key, 1_400))?.expiresAt).toBe(11_000);
    expect(await at(1_600)).toBe(11_600);
    expect((await tokens.resolve(key, 1_600))?.expiresAt).toBe(11_600);
    expect(await at(2_000)).toBe(11_600);
    expect(await tokens.resolve(key, 11_600)).toBeNull();
  });

  it('stop on revocation, one or all of a user\'s but the one kept', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map((n) => tokens.issue({ userId: 'u1', sessionId: `s${n}` }, 1_000)));
    await tokens.revoke((await tokens.resolve(a!, 1_000))!.tokenId, 1_500);
    expect(await tokens.resolve(a!, 1_600)).toBeNull();
    await tokens.revokeAllOf('u1', 1_700, (await tokens.resolve(b!, 1_700))!.tokenId);
    expect(await tokens.resolve(b!, 1_800)).not.toBeNull();
    expect(await tokens.resolve(c!, 1_800)).toBeNull();
    expect(await tokens.resolve('not-a-token', 1_800)).toBeNull();
  });

  it('announce each revocation on the bus with the ids of the tokens it ended', async () => {
    const announced: string[][] = [];
    const consumer = await bus.consume<TokensRevoked>(TOKENS_REVOKED_TOPIC, 'test-node', async (message) => {
      announced.push([...message.value.tokenIds].sort());
    });
    const [a, b, c] = await Promise.all([1, 2, 3].map((n) => tokens.issue({ userId: 'u1', sessionId: `s${n}` }, 1_000)));
    const [idA, idB, idC] = await Promise.all([a!, b!, c!].map(async (key) => (await tokens.resolve(key, 1_000))!.tokenId));
    await tokens.revoke(idA!, 1_500);
    await tokens.revokeAllOf('u1', 1_700, idB);
    await eventually(() => expect(announced).toEqual([[idA], [idA, idC].sort()]), { timeout: 2_000 });
    await consumer.stop();
  });

  it('remember the last call made with any of the user\'s tokens, revoked ones included', async () => {
    expect(await tokens.lastActivity('u1')).toBeNull();
    const a = await tokens.issue({ userId: 'u1', sessionId: 's1' }, 1_000);
    await tokens.issue({ userId: 'u1', sessionId: 's2' }, 2_000);
    const tokenA = (await tokens.resolve(a, 3_000))!.tokenId;
    await tokens.extend((await tokens.resolve(a, 3_000))!, 3_000);
    await tokens.revoke(tokenA, 3_500);
    expect(await tokens.lastActivity('u1')).toBe(3_000);
  });

  it('forget tokens that ended more than 30 days before a new sign-in, keeping the rest', async () => {
    const day = 24 * 3600 * 1000;
    await tokens.issue({ userId: 'u1', sessionId: 'old' }, 0);
    await tokens.issue({ userId: 'u1', sessionId: 'recent' }, 20 * day);
    await tokens.issue({ userId: 'u1', sessionId: 'new' }, 31 * day);
    const system = readStore.scope(SYSTEM_TENANT);
    const held = await system.collection<{ _id: string; tokenIds: string[] }>('user_tokens').findOne({ _id: 'u1' });
    expect(held?.tokenIds).toHaveLength(2);
    const sessions = (await system.collection('auth_tokens').find({ _id: { $in: held!.tokenIds } })).map((token) => token.sessionId);
    expect(sessions.sort()).toEqual(['new', 'recent']);
    expect(await system.collection('auth_tokens').count()).toBe(2);
  });

  it('answer null for a token whose user does not exist', async () => {
    const key = await tokens.issue({ userId: 'ghost', sessionId: 's1' }, 1_000);
    expect(await tokens.resolve(key, 1_000)).toBeNull();
  });
});
