import { describe, expect, it } from '@jest/globals';
import type { Db } from 'mongodb';
import type { Document, DocumentChange, ProjectedEvent } from '../../read-store';
import { applyMongoProjectionBatch } from './mongodb-projection';

/*
 * How a batch is written without transactions, against a stand-in for a MongoDB database that keeps
 * documents in memory and honours the `_pos` guard as the server does: a crash between two collections'
 * writes, then the replay of the same batch, must leave a derived count equal to the documents it counts.
 */

type Stored = Record<string, unknown> & { _id: { t: string; i: string }; _pos?: number };

class MemoryDb {
  readonly collections = new Map<string, Map<string, Stored>>();
  readonly writes: string[] = [];
  /** The process dies after this many bulk writes: the next one writes nothing and fails. */
  crashAfter = Infinity;

  private named(name: string): Map<string, Stored> {
    if (!this.collections.has(name)) this.collections.set(name, new Map());
    return this.collections.get(name)!;
  }

  collection(name: string) {
    const documents = this.named(name);
    return {
      find: (filter: { _id: { $in: { t: string; i: string }[] } }) => ({
        toArray: async () => filter._id.$in.map((id) => documents.get(JSON.stringify(id))).filter((document) => document !== undefined),
      }),
      bulkWrite: async (operations: { replaceOne: { filter: { _id: object }; replacement: Stored } }[]) => {
        if (this.writes.length >= this.crashAfter) {
          this.crashAfter = Infinity;
          throw new Error(`the process died before writing ${name}`);
        }
        this.writes.push(name);
        for (const { replaceOne } of operations) {
          const key = JSON.stringify(replaceOne.filter._id);
          const stored = documents.get(key);
          // The guard: only a document that does not hold this event yet is replaced.
          if (stored?._pos !== undefined && stored._pos >= (replaceOne.replacement._pos ?? 0)) continue;
          documents.set(key, replaceOne.replacement);
        }
        return {};
      },
    };
  }

  document(collection: string, id: string): Stored | undefined {
    return this.named(collection).get(JSON.stringify({ t: 't1', i: id }));
  }
}

/** Items move between states; a count per state, derived from what each item change saw, is kept beside them. */
function event(position: number, moves: readonly [string, string][]): ProjectedEvent {
  const noted: [string | null, string][] = [];
  const items: DocumentChange[] = moves.map(([id, state]) => ({
    collection: 'items',
    tenantId: 't1',
    id,
    apply: (current) => {
      noted.push([(current?.state as string | undefined) ?? null, state]);
      return { _id: id, state };
    },
  }));
  const counts: DocumentChange = {
    collection: 'counts',
    tenantId: 't1',
    id: 'all',
    derived: true,
    apply: (current) => {
      const next: Record<string, number> = { ...((current?.by as Record<string, number> | undefined) ?? {}) };
      for (const [before, after] of noted.splice(0)) {
        if (before) next[before] = (next[before] ?? 0) - 1;
        next[after] = (next[after] ?? 0) + 1;
      }
      return { _id: 'all', by: next } as Document;
    },
  };
  return { position, changes: [...items, counts] };
}

const batch = (): ProjectedEvent[] => [
  event(1, [['a', 'sent'], ['b', 'sent']]),
  event(2, [['a', 'delivered'], ['c', 'failed']]),
];

describe('a batch written without transactions', () => {
  it('writes derived documents before the documents they are derived from', async () => {
    const db = new MemoryDb();
    await applyMongoProjectionBatch(db as unknown as Db, 0, batch());
    expect(db.writes).toEqual(['counts', 'items']);
    expect(db.document('counts', 'all')).toMatchObject({ by: { sent: 1, delivered: 1, failed: 1 }, _pos: 2 });
  });

  it('keeps the derived counts exact when the process dies between the two writes and the batch is replayed', async () => {
    const db = new MemoryDb();
    db.crashAfter = 1;
    await expect(applyMongoProjectionBatch(db as unknown as Db, 0, batch())).rejects.toThrow('died');
    // The checkpoint did not move: the runner reads the same events again, with fresh changes.
    await applyMongoProjectionBatch(db as unknown as Db, 0, batch());
    expect(db.document('counts', 'all')).toMatchObject({ by: { sent: 1, delivered: 1, failed: 1 } });
    expect(['a', 'b', 'c'].map((id) => db.document('items', id)?.state)).toEqual(['delivered', 'sent', 'failed']);
  });
});
