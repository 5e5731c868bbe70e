import type Database from 'better-sqlite3';

/**
 * Keeps `read_store_counts` (documents per collection and tenant, which answer a count of everything)
 * exact without a trigger per row: each write says how many documents it added or removed, which it
 * knows or learns for free (a projection batch has read every document it writes, an upsert is told
 * whether it inserted, a delete how many rows went), and the sums are written once per collection and
 * tenant at the end of the write's transaction, inside it, so they commit or roll back with the documents.
 */
export class DocumentCounts {
  /** collection → tenant → documents added less documents removed, in the transaction under way. */
  private readonly pending = new Map<string, Map<string, number>>();
  private readonly add: Database.Statement<[collection: string, tenant: string, documents: number]>;
  private readonly forget: Database.Statement<[collection: string]>;

  constructor(db: Database.Database) {
    this.add = db.prepare<[string, string, number]>(
      `INSERT INTO read_store_counts (collection, tenant, documents) VALUES (?, ?, ?)
       ON CONFLICT (collection, tenant) DO UPDATE SET documents = documents + excluded.documents`,
    );
    this.forget = db.prepare<[string]>('DELETE FROM read_store_counts WHERE collection = ?');
  }

  change(collection: string, tenant: string, documents: number): void {
    if (documents === 0) return;
    let tenants = this.pending.get(collection);
    if (!tenants) this.pending.set(collection, (tenants = new Map()));
    tenants.set(tenant, (tenants.get(tenant) ?? 0) + documents);
  }

  /** The collection was emptied, for every tenant, in the transaction under way. */
  reset(collection: string): void {
    this.pending.delete(collection);
    this.forget.run(collection);
  }

  /** Writes what the transaction changed; called last inside it. */
  write(): void {
    for (const [collection, tenants] of this.pending) {
      for (const [tenant, documents] of tenants) if (documents !== 0) this.add.run(collection, tenant, documents);
    }
    this.pending.clear();
  }

  /** Forgets what a transaction that did not commit changed. */
  discard(): void {
    this.pending.clear();
  }
}
