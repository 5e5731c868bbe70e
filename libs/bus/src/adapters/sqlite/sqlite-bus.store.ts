import type Database from 'better-sqlite3';
import { partitionForKey } from './partitioner';
import { relaxedTransaction } from './relaxed-transaction';

export interface EncodedMessage {
  readonly key: string;
  readonly value: string;
  readonly headers: string;
}

export interface TopicBatch {
  readonly topic: string;
  readonly messages: readonly EncodedMessage[];
}

export interface OffsetCommit {
  readonly group: string;
  readonly topic: string;
  readonly partition: number;
  /** The member that must still hold the partition's lease for the commit to count. */
  readonly owner: string;
  readonly next: number;
}

export interface StoredMessage extends EncodedMessage {
  readonly position: number;
}

interface PartitionHead {
  readonly partition_no: number;
  readonly next_position: number;
}

function prepareStatements(db: Database.Database) {
  return {
    registerTopic: db.prepare('INSERT OR IGNORE INTO bus_topics (topic, partitions) VALUES (?, ?)'),
    topicPartitions: db.prepare<[string], { partitions: number }>('SELECT partitions FROM bus_topics WHERE topic = ?'),
    registerPartition: db.prepare(
      'INSERT OR IGNORE INTO bus_partitions (topic, partition_no, next_position) VALUES (?, ?, 0)',
    ),
    claimPositions: db.prepare<[{ count: number; topic: string; partition: number }], { first: number }>(
      `UPDATE bus_partitions SET next_position = next_position + @count WHERE topic = @topic AND partition_no = @partition
       RETURNING next_position - @count AS first`,
    ),
    insertMessage: db.prepare(
      'INSERT INTO bus_messages (topic, partition_no, position, key, value, headers) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    heads: db.prepare<[string], PartitionHead>(
      'SELECT partition_no, next_position FROM bus_partitions WHERE topic = ?',
    ),
    fetch: db.prepare<[string, number, number, number], StoredMessage>(
      `SELECT position, key, value, headers FROM bus_messages
       WHERE topic = ? AND partition_no = ? AND position >= ? ORDER BY position LIMIT ?`,
    ),
    initGroup: db.prepare<[string, number, number, string]>(
      `INSERT OR IGNORE INTO bus_offsets (grp, topic, partition_no, next_position, committed_at)
       SELECT ?, topic, partition_no, CASE WHEN ? THEN 0 ELSE next_position END, ? FROM bus_partitions WHERE topic = ?`,
    ),
    committed: db.prepare<[string, string, number], { next_position: number }>(
      'SELECT next_position FROM bus_offsets WHERE grp = ? AND topic = ? AND partition_no = ?',
    ),
    // Fenced by the lease: a consumer that lost its partition must not move the group's position.
    commit: db.prepare<[OffsetCommit & { readonly at: number }]>(
      `UPDATE bus_offsets SET next_position = @next, committed_at = @at
       WHERE grp = @group AND topic = @topic AND partition_no = @partition
       AND EXISTS (SELECT 1 FROM bus_leases
                   WHERE grp = @group AND topic = @topic AND partition_no = @partition AND owner = @owner)`,
    ),
  };
}

/** Messages, partition heads and committed group positions: everything but group membership. */
export class SqliteBusStore {
  private readonly partitionCounts = new Map<string, number>();
  private readonly statements: ReturnType<typeof prepareStatements>;

  constructor(
    private readonly db: Database.Database,
    private readonly defaultPartitions: number,
  ) {
    this.statements = prepareStatements(db);
  }

  /** The first bus to use a topic fixes its partition count; later ones adopt it, whatever they were configured with. */
  partitionsOf(topic: string): number {
    const known = this.partitionCounts.get(topic);
    if (known !== undefined) return known;
    const count = this.db.transaction(() => {
      this.statements.registerTopic.run(topic, this.defaultPartitions);
      const { partitions } = this.statements.topicPartitions.get(topic)!;
      for (let partition = 0; partition < partitions; partition++) {
        this.statements.registerPartition.run(topic, partition);
      }
      return partitions;
    }).immediate();
    this.partitionCounts.set(topic, count);
    return count;
  }

  /** Each partition's messages take their positions in one claim, in the order given. */
  append(batches: readonly TopicBatch[]): void {
    this.db.transaction(() => {
      for (const { topic, messages } of batches) {
        const partitions = this.partitionsOf(topic);
        const byPartition = new Map<number, EncodedMessage[]>();
        for (const message of messages) {
          const partition = partitionForKey(message.key, partitions);
          const list = byPartition.get(partition);
          if (list) list.push(message);
          else byPartition.set(partition, [message]);
        }
        for (const [partition, list] of byPartition) {
          const { first } = this.statements.claimPositions.get({ count: list.length, topic, partition })!;
          list.forEach((message, index) => this.statements.insertMessage.run(topic, partition, first + index, message.key, message.value, message.headers));
        }
      }
    }).immediate();
  }

  /** Fixes where a new group starts, once, when it first subscribes, so no message published after `consume` resolves is skipped. */
  initGroup(group: string, topic: string, fromBeginning: boolean): void {
    this.partitionsOf(topic);
    this.statements.initGroup.run(group, fromBeginning ? 1 : 0, Date.now(), topic);
  }

  committedPosition(group: string, topic: string, partition: number): number {
    return this.statements.committed.get(group, topic, partition)?.next_position ?? 0;
  }

  /** One transaction for all; each result says whether that commit counted (its lease was still held). */
  commit(commits: readonly OffsetCommit[]): boolean[] {
    const at = Date.now();
    return relaxedTransaction(this.db, () => commits.map((commit) => this.statements.commit.run({ ...commit, at }).changes === 1));
  }

  heads(topic: string): readonly PartitionHead[] {
    return this.statements.heads.all(topic);
  }

  fetch(topic: string, partition: number, fromPosition: number, limit: number): readonly StoredMessage[] {
    return this.statements.fetch.all(topic, partition, fromPosition, limit);
  }
}
