import type Database from 'better-sqlite3';
import { assignedPartitions } from './partition-assignment';
import { relaxedTransaction } from './relaxed-transaction';

export interface RebalanceRequest {
  readonly group: string;
  readonly topic: string;
  readonly member: string;
  readonly partitions: number;
  /** False while stopping: keep the leases of running handlers but take no new partitions. */
  readonly join: boolean;
  /** Partitions this member is still working on; their leases are renewed. */
  readonly held: readonly number[];
  readonly now: number;
}

export interface RebalanceOutcome {
  readonly assigned: ReadonlySet<number>;
  /** Held partitions whose lease another member took over after it expired. */
  readonly lost: readonly number[];
  readonly acquired: readonly number[];
}

function prepareStatements(db: Database.Database) {
  return {
    forgetDeadMembers: db.prepare<[string, string, number]>(
      'DELETE FROM bus_members WHERE grp = ? AND topic = ? AND expires_at <= ?',
    ),
    heartbeat: db.prepare<[{ group: string; topic: string; member: string; now: number; expires: number }]>(
      `INSERT INTO bus_members (grp, topic, member, joined_at, expires_at) VALUES (@group, @topic, @member, @now, @expires)
       ON CONFLICT (grp, topic, member) DO UPDATE SET expires_at = excluded.expires_at`,
    ),
    liveMembers: db.prepare<[string, string, number], { member: string }>(
      'SELECT member FROM bus_members WHERE grp = ? AND topic = ? AND expires_at > ? ORDER BY joined_at, member',
    ),
    renew: db.prepare<[{ group: string; topic: string; partition: number; owner: string; expires: number }]>(
      `UPDATE bus_leases SET expires_at = @expires
       WHERE grp = @group AND topic = @topic AND partition_no = @partition AND owner = @owner`,
    ),
    acquire: db.prepare<[{ group: string; topic: string; partition: number; owner: string; expires: number; now: number }]>(
      `INSERT INTO bus_leases (grp, topic, partition_no, owner, expires_at) VALUES (@group, @topic, @partition, @owner, @expires)
       ON CONFLICT (grp, topic, partition_no) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
       WHERE bus_leases.owner = excluded.owner OR bus_leases.expires_at <= @now`,
    ),
    release: db.prepare<[string, string, number, string]>(
      'DELETE FROM bus_leases WHERE grp = ? AND topic = ? AND partition_no = ? AND owner = ?',
    ),
    leave: db.prepare<[string, string, string]>('DELETE FROM bus_members WHERE grp = ? AND topic = ? AND member = ?'),
    releaseAll: db.prepare<[string, string, string]>('DELETE FROM bus_leases WHERE grp = ? AND topic = ? AND owner = ?'),
  };
}

/**
 * Group membership and partition ownership, kept in the database so consumers in other processes
 * sharing the file take part. A member that stops heartbeating drops out when its rows expire.
 */
export class LeaseManager {
  private readonly statements: ReturnType<typeof prepareStatements>;

  constructor(
    private readonly db: Database.Database,
    private readonly leaseMs: number,
  ) {
    this.statements = prepareStatements(db);
  }

  rebalance(request: RebalanceRequest): RebalanceOutcome {
    return relaxedTransaction(this.db, () => this.rebalanceInTransaction(request));
  }

  release(group: string, topic: string, partition: number, owner: string): void {
    this.statements.release.run(group, topic, partition, owner);
  }

  /** Leaving first lets the others rebalance while this member's last handlers finish. */
  leave(group: string, topic: string, member: string): void {
    this.statements.leave.run(group, topic, member);
  }

  releaseAll(group: string, topic: string, member: string): void {
    relaxedTransaction(this.db, () => {
      this.statements.leave.run(group, topic, member);
      this.statements.releaseAll.run(group, topic, member);
    });
  }

  private rebalanceInTransaction({ group, topic, member, partitions, join, held, now }: RebalanceRequest): RebalanceOutcome {
    const expires = now + this.leaseMs;
    this.statements.forgetDeadMembers.run(group, topic, now);
    if (join) this.statements.heartbeat.run({ group, topic, member, now, expires });
    const members = this.statements.liveMembers.all(group, topic, now).map((row) => row.member);
    const assigned = join ? assignedPartitions(members, member, partitions) : new Set<number>();
    const lost = held.filter(
      (partition) => this.statements.renew.run({ group, topic, partition, owner: member, expires }).changes === 0,
    );
    const acquired = [...assigned].filter(
      (partition) =>
        !held.includes(partition) &&
        this.statements.acquire.run({ group, topic, partition, owner: member, expires, now }).changes > 0,
    );
    return { assigned, lost, acquired };
  }
}
