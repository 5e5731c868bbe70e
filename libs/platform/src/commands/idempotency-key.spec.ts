import { UnprocessableEntityException } from '@nestjs/common';
import { describe, expect, it } from '@jest/globals';
import type { Decider } from '@beacon/domain';
import { SqliteEventStore } from '@beacon/event-store';
import type { Principal } from '../auth/principal';
import { CommandExecutor } from './command-executor';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE, keyedCommandId, keyedCommandOf, requestFingerprint, runKeyedCommand, type KeyedRequest } from './idempotency-key';

const principal = (rootId: string, userId: string) => ({ rootId, userId }) as Principal;

const requestOf = (overrides: Partial<KeyedRequest> = {}): KeyedRequest => ({
  method: 'POST',
  originalUrl: '/api/incidents/field/',
  headers: { 'idempotency-key': 'key-1' },
  principal: principal('tenant-1', 'user-1'),
  body: { label: 'A' },
  ...overrides,
});

describe('the command id an Idempotency-Key names', () => {
  it('is the same for a retry, and none without a key', () => {
    expect(keyedCommandId(requestOf())).toBe(keyedCommandId(requestOf({ originalUrl: '/api/incidents/field/?x=1' })));
    expect(keyedCommandId(requestOf({ headers: {} }))).toBeUndefined();
    expect(keyedCommandId(requestOf({ headers: { 'idempotency-key': '  ' } }))).toBeUndefined();
  });

  it('differs for another user, organisation, method, path or key', () => {
    const first = keyedCommandId(requestOf());
    const others = [
      requestOf({ principal: principal('tenant-1', 'user-2') }),
      requestOf({ principal: principal('tenant-2', 'user-1') }),
      requestOf({ principal: undefined }),
      requestOf({ method: 'PUT' }),
      requestOf({ originalUrl: '/api/incidents/form/' }),
      requestOf({ headers: { 'idempotency-key': 'key-2' } }),
    ].map(keyedCommandId);
    expect(new Set([first, ...others]).size).toBe(others.length + 1);
  });

  it('fingerprints the body whatever the order of its keys', () => {
    expect(requestFingerprint({ a: 1, b: [1, 2] })).toBe(requestFingerprint({ b: [1, 2], a: 1 }));
    expect(requestFingerprint({ a: 1, b: [1, 2] })).not.toBe(requestFingerprint({ a: 1, b: [2, 1] }));
    expect(requestFingerprint(undefined)).toBe(requestFingerprint(null));
  });
});

const counter: Decider<{ type: 'Count'; data: { by: number } }, { type: 'Counted'; data: { by: number } }, number> = {
  decide: (command) => [{ type: 'Counted', data: { by: command.data.by } }],
  evolve: (state, event) => state + event.data.by,
  initialState: () => 0,
};

describe('the command executor with a keyed request', () => {
  const context = (commandId: string) => ({ commandId, tenantId: 't', actorUserId: 'u', acceptedAt: new Date() });

  async function run(executor: CommandExecutor, request: KeyedRequest, by: number) {
    const keyed = keyedCommandOf(request)!;
    return runKeyedCommand(keyed, () => executor.execute('counter-1', counter, { type: 'Count', data: { by } }, context(keyed.commandId)));
  }

  it('answers a retry with the first events, and refuses (422) the same key with another body, appending nothing', async () => {
    const store = SqliteEventStore.open({ path: ':memory:' });
    const executor = new CommandExecutor(store);
    const first = await run(executor, requestOf({ body: { by: 1 } }), 1);

    await expect(run(executor, requestOf({ body: { by: 1 } }), 1)).resolves.toEqual(first);
    const refused = run(executor, requestOf({ body: { by: 2 } }), 2);
    await expect(refused).rejects.toBeInstanceOf(UnprocessableEntityException);
    await expect(refused).rejects.toMatchObject({ response: { detail: IDEMPOTENCY_KEY_REUSED_MESSAGE } });
    expect(await store.readStream('counter-1')).toHaveLength(1);
    await store.close();
  });

  it('keeps the fingerprint in the metadata of the events of the command and of its parts', async () => {
    const store = SqliteEventStore.open({ path: ':memory:' });
    const executor = new CommandExecutor(store);
    const keyed = keyedCommandOf(requestOf())!;

    await runKeyedCommand(keyed, async () => {
      await executor.execute('counter-1', counter, { type: 'Count', data: { by: 1 } }, context(keyed.commandId));
      await executor.execute('counter-1', counter, { type: 'Count', data: { by: 1 } }, context(`${keyed.commandId}/part`));
      await executor.execute('counter-1', counter, { type: 'Count', data: { by: 1 } }, context('unrelated'));
    });

    const recorded = await store.readStream('counter-1');
    expect(recorded.map((event) => event.metadata.requestFingerprint)).toEqual([keyed.fingerprint, keyed.fingerprint, undefined]);
    await store.close();
  });

  it('answers a retry of events recorded without a fingerprint, as before fingerprints were kept', async () => {
    const store = SqliteEventStore.open({ path: ':memory:' });
    const executor = new CommandExecutor(store);
    const keyed = keyedCommandOf(requestOf())!;
    const first = await executor.execute('counter-1', counter, { type: 'Count', data: { by: 1 } }, context(keyed.commandId));

    await expect(run(executor, requestOf({ body: { by: 5 } }), 5)).resolves.toEqual(first);
    await store.close();
  });
});
