export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown };

interface Pending<TItem, TResult> {
  readonly item: TItem;
  readonly resolve: (value: TResult) => void;
  readonly reject: (error: unknown) => void;
  readonly onCommitted?: ((value: TResult) => void) | undefined;
}

/**
 * Group commit: everything submitted before the event loop reaches its check phase is committed as one
 * batch (one transaction, one fsync). A lone submission waits only for setImmediate, so it stays fast;
 * under load, callers that resolve together resubmit together and batches grow on their own. While a
 * batch's fsync is under way the next batch gathers, and commits when it is done: acknowledgements keep
 * the order of commits.
 */
export class GroupCommitQueue<TItem, TResult> {
  private pending: Pending<TItem, TResult>[] = [];
  private scheduled: NodeJS.Immediate | undefined;
  private durable: Promise<void> | undefined;

  /**
   * `commit` answers one outcome per item, in order; if it throws, every item in the batch fails with that
   * error. `makeDurable`, when given, runs after the hooks and before any promise settles (an fsync the
   * commit left to it; a promise when it works off the event loop); if it fails, every item fails with that
   * error, as an append whose durability is unknown must be retried (the store recognises the retry).
   */
  constructor(
    private readonly commit: (items: readonly TItem[]) => readonly Outcome<TResult>[],
    private readonly makeDurable?: () => Promise<void> | void,
  ) {}

  /**
   * Queues the item for the next batch. `onCommitted` runs synchronously once its batch is committed,
   * before `makeDurable` and before any promise of the batch settles, so nothing, not even the fsync,
   * runs between the commit and the hook.
   */
  submit(item: TItem, onCommitted?: (value: TResult) => void): Promise<TResult> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject, onCommitted });
      this.schedule();
    });
  }

  /** Commits what is queued now (after the fsync under way, if any); resolves once all of it is settled. */
  flush(): Promise<void> {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    if (this.durable) return this.durable.then(() => this.flush());
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return Promise.resolve();
    let outcomes: readonly Outcome<TResult>[];
    try {
      outcomes = this.commit(batch.map(({ item }) => item));
    } catch (error) {
      for (const { reject } of batch) reject(error);
      return Promise.resolve();
    }
    batch.forEach(({ onCommitted }, i) => {
      const outcome = outcomes[i];
      if (!onCommitted || !outcome?.ok) return;
      try {
        onCommitted(outcome.value);
      } catch {
        // A hook's failure is the hook's own; the append is committed and answers as such.
      }
    });
    let made: Promise<void> | void;
    try {
      made = this.makeDurable?.();
    } catch (error) {
      for (const { reject } of batch) reject(error);
      return Promise.resolve();
    }
    if (!made) {
      settle(batch, outcomes);
      return Promise.resolve();
    }
    this.durable = made
      .then(
        () => settle(batch, outcomes),
        (error: unknown) => {
          for (const { reject } of batch) reject(error);
        },
      )
      .finally(() => {
        this.durable = undefined;
        if (this.pending.length > 0) this.schedule();
      });
    return this.durable;
  }

  private schedule(): void {
    if (this.durable) return; // the fsync's end schedules the next batch
    this.scheduled ??= setImmediate(() => void this.flush());
  }
}

function settle<TItem, TResult>(batch: readonly Pending<TItem, TResult>[], outcomes: readonly Outcome<TResult>[]): void {
  batch.forEach(({ resolve, reject }, i) => {
    const outcome = outcomes[i];
    if (outcome.ok) resolve(outcome.value);
    else reject(outcome.error);
  });
}
