import { describe, expect, it } from '@jest/globals';
import type { Decider } from '@beacon/domain';
import { SqliteEventStore, WrongExpectedRevisionError, type AppendResult, type EventStore } from '@beacon/event-store';
import { CommandExecutor } from './command-executor';

/** A store whose appends clash with a concurrent writer the first `clashes` times. */
function clashingStore(clashes: number) {
  const calls = { appends: 0 };
  const store = {
    async readStream() {
      return [];
    },
    async appendToStream(): Promise<AppendResult> {
      calls.appends++;
      if (calls.appends <= clashes) throw new WrongExpectedRevisionError('s-1', 'no-stream', 0);
      return { nextExpectedRevision: 0, position: 7 };
    },
    async headPosition() {
      return 0;
    },
  } as unknown as EventStore;
  return { store, calls };
}

const decider: Decider<{ type: 'Do' }, { type: 'Done'; data: object }, null> = {
  decide: () => [{ type: 'Done', data: {} }],
  evolve: (state) => state,
  initialState: () => null,
};

const context = { tenantId: 't', actorUserId: null, acceptedAt: new Date() };

describe('command executor retries', () => {
  it('re-decides up to five times by default, then lets the clash through', async () => {
    const fine = clashingStore(4);
    await expect(new CommandExecutor(fine.store).execute('s-1', decider, { type: 'Do' }, context)).resolves.toMatchObject({ position: 7 });
    expect(fine.calls.appends).toBe(5);
    const busy = clashingStore(5);
    await expect(new CommandExecutor(busy.store).execute('s-1', decider, { type: 'Do' }, context)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
  });

  it('retries as often as a caller asks, pausing a little between attempts', async () => {
    const busy = clashingStore(12);
    const started = Date.now();
    const outcome = await new CommandExecutor(busy.store).execute('s-1', decider, { type: 'Do' }, context, { maxAttempts: 13, retryBackoffMs: 2 });
    expect(outcome.position).toBe(7);
    expect(busy.calls.appends).toBe(13);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('command executor onCommitted', () => {
  const openStore = () => SqliteEventStore.open({ path: ':memory:' });
  const once: Decider<{ type: 'Do' }, { type: 'Done'; data: object }, boolean> = {
    decide: (_, done) => (done ? [] : [{ type: 'Done', data: {} }]),
    evolve: () => true,
    initialState: () => false,
  };

  it('passes the hook to the append, so it runs as the events become durable and before the command answers', async () => {
    const store = openStore();
    const order: string[] = [];
    const executing = new CommandExecutor(store).execute('s-1', once, { type: 'Do' }, context, {
      onCommitted: () => order.push(`committed, ${store.commitCount} commit`),
    });
    await executing.then(() => order.push('answered'));
    expect(order).toEqual(['committed, 1 commit', 'answered']);
    await store.close();
  });

  it('runs the hook at once for a retry of a recorded command and for a command that changes nothing: what it waits for is already durable', async () => {
    const store = openStore();
    const executor = new CommandExecutor(store);
    await executor.execute('s-1', once, { type: 'Do' }, { ...context, commandId: 'c-1' });
    let called = 0;
    await executor.execute('s-1', once, { type: 'Do' }, { ...context, commandId: 'c-1' }, { onCommitted: () => called++ });
    await executor.execute('s-1', once, { type: 'Do' }, { ...context, commandId: 'c-2' }, { onCommitted: () => called++ });
    expect(called).toBe(2);
    expect(await store.readStream('s-1')).toHaveLength(1);
    await store.close();
  });

  it('does not run the hook when the append fails', async () => {
    const busy = clashingStore(5);
    let called = 0;
    await expect(new CommandExecutor(busy.store).execute('s-1', decider, { type: 'Do' }, context, { onCommitted: () => called++ })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(called).toBe(0);
  });
});
