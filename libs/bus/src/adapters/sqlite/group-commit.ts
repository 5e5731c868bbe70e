interface Pending<T, R> {
  readonly item: T;
  readonly resolve: (result: R) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Group commit: writes requested in the same turn of the event loop go to the database in one
 * transaction, so a burst of concurrent publishes (or commits from parallel partitions) costs one
 * fsync instead of one each.
 */
export class GroupCommit<T, R> {
  private pending: Pending<T, R>[] = [];

  /** `write` runs in one transaction and returns one result per item, in order. */
  constructor(private readonly write: (items: readonly T[]) => readonly R[]) {}

  enqueue(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.flush());
    });
  }

  /** Writes whatever is queued now; also called on close so no accepted write is dropped. */
  flush(): void {
    const entries = this.pending;
    if (entries.length === 0) return;
    this.pending = [];
    let results: readonly R[];
    try {
      results = this.write(entries.map((entry) => entry.item));
    } catch (error) {
      for (const entry of entries) entry.reject(error);
      return;
    }
    entries.forEach((entry, index) => entry.resolve(results[index]!));
  }
}
