import type Database from 'better-sqlite3';
import { relaxedTransaction } from './relaxed-transaction';

/**
 * A consumer group with no member for this long and no commit either (default 7 days, Kafka's default
 * retention) no longer holds messages back: a node that left for good (each node has its own live-update
 * group) must not keep the bus growing forever. A group that comes back reads on from what is still kept.
 */
export const BUS_IDLE_GROUP_MS = 7 * 24 * 60 * 60 * 1000;
/** How often a bus removes the messages every active group has read. */
export const BUS_RETENTION_INTERVAL_MS = 10_000;
/** Messages one transaction removes at most, so the write lock is never held long. */
const MAX_REMOVED_PER_STEP = 5_000;
/** Transactions one sweep runs at most, so it never holds the event loop long either: the next sweep goes on. */
const MAX_STEPS_PER_SWEEP = 4;

interface Floor {
  readonly topic: string;
  readonly partition_no: number;
  readonly floor: number;
}

/**
 * Removes the messages of each partition below the lowest position an active group still has to read:
 * a group is active while a member of it heartbeats, and for `idleGroupMs` after its last member or its
 * last commit. A partition that no active group reads keeps its messages: there is nothing to tell which
 * of them some group will still want.
 */
export class MessageRetention {
  private readonly statements;

  constructor(
    private readonly db: Database.Database,
    private readonly idleGroupMs = BUS_IDLE_GROUP_MS,
  ) {
    this.statements = {
      floors: db.prepare<[{ since: number }], Floor>(
        `SELECT o.topic, o.partition_no, MIN(o.next_position) AS floor FROM bus_offsets o
         WHERE o.committed_at >= @since
            OR EXISTS (SELECT 1 FROM bus_members m WHERE m.grp = o.grp AND m.topic = o.topic AND m.expires_at >= @since)
         GROUP BY o.topic, o.partition_no`,
      ),
      lowest: db.prepare<[string, number], { lowest: number | null }>('SELECT MIN(position) AS lowest FROM bus_messages WHERE topic = ? AND partition_no = ?'),
      remove: db.prepare<[string, number, number]>('DELETE FROM bus_messages WHERE topic = ? AND partition_no = ? AND position < ?'),
    };
  }

  /** Removes what no active group needs any more, in a few bounded steps; answers how many messages went. */
  sweep(now = Date.now()): number {
    let removed = 0;
    let steps = 0;
    for (const { topic, partition_no: partition, floor } of this.statements.floors.all({ since: now - this.idleGroupMs })) {
      for (; steps < MAX_STEPS_PER_SWEEP; steps++) {
        const { lowest } = this.statements.lowest.get(topic, partition) ?? { lowest: null };
        if (lowest === null || lowest >= floor) break;
        const below = Math.min(floor, lowest + MAX_REMOVED_PER_STEP);
        // A removal lost in a power failure is made again by the next sweep.
        removed += relaxedTransaction(this.db, () => this.statements.remove.run(topic, partition, below).changes);
      }
    }
    return removed;
  }
}
