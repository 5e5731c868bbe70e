import type { LiveUpdate } from '@beacon/contracts';

/**
 * Remembers the updates a node recently forwarded. With several query-api nodes each projection
 * runner publishes the same update, so a node sees it more than once and forwards it once.
 */
export class RecentUpdates {
  private readonly seen = new Set<string>();

  constructor(private readonly capacity = 10_000) {}

  /** True the first time an update is offered, false for a repeat still remembered. */
  firstTime(update: LiveUpdate): boolean {
    const key = `${update.position}|${update.type}|${update.resource}|${update.id}`;
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    if (this.seen.size > this.capacity) this.seen.delete(this.seen.values().next().value as string);
    return true;
  }
}
