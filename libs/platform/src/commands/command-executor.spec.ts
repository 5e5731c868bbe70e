import { describe, expect, it } from '@jest/globals';
import type { Decider } from '@beacon/domain';
import { WrongExpectedRevisionError, type AppendResult, type EventStore } from '@beacon/event-store';
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
