import { Db, Document as MongoDocument, MongoClient, MongoServerError } from 'mongodb';
import {
  Collection,
  Document,
  IndexSpec,
  ProjectedEvent,
  ReadStore,
  ReadStoreScope,
  ReadStoreUnavailableError,
} from '../../read-store';
import { assertCollectionName, assertIndexSpec, assertTenantId, indexName } from '../../internal/query-guard';
import { MongoCollection } from './mongodb-collection';
import { storedKeys } from './mongodb-documents';
import { translated } from './mongodb-errors';
import { applyMongoProjectionBatch, reapplyMongoEvent } from './mongodb-projection';

export interface MongoReadStoreOptions {
  readonly url: string;
  readonly database: string;
  readonly serverSelectionTimeoutMs?: number;
}

/** Caller collection names start with a letter, so this one cannot collide with them. */
const CHECKPOINTS = '_read_store_checkpoints';
/** IndexOptionsConflict, IndexKeySpecsConflict: the name or the keys exist with another definition, which is replaced. */
const INDEX_CONFLICT_CODES = new Set([85, 86]);

interface Checkpoint {
  _id: string;
  position: number;
}

/**
 * The distributed read store: one MongoDB collection per read-store collection, every tenant in
 * it, each document carrying `_tenant`. No multi-document transactions, collations or change
 * streams, so FerretDB can stand in for MongoDB.
 */
export class MongoReadStore implements ReadStore {
  private readonly baseIndexes = new Map<string, Promise<void>>();

  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {}

  static async connect(options: MongoReadStoreOptions): Promise<MongoReadStore> {
    const client = new MongoClient(options.url, { serverSelectionTimeoutMS: options.serverSelectionTimeoutMs ?? 10_000 });
    try {
      await client.connect();
    } catch (error) {
      await client.close().catch(() => undefined);
      throw new ReadStoreUnavailableError('Cannot connect to MongoDB for the read store', error);
    }
    return new MongoReadStore(client, client.db(options.database));
  }

  scope(tenantId: string): ReadStoreScope {
    assertTenantId(tenantId);
    return {
      tenantId,
      collection: <T extends Document = Document>(name: string): Collection<T> => {
        assertCollectionName(name);
        return new MongoCollection<T>(this.db.collection(name), tenantId, () => this.ensureBaseIndex(name));
      },
    };
  }

  /**
   * Every index is led by `_tenant`. Unique ones end with `_deleted` so tombstones never collide;
   * the others have it second, so that the `_deleted: false` every query carries is an equality
   * on the index and a count or a sorted page never fetches documents to check it.
   */
  async ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void> {
    assertCollectionName(collection);
    indexes.forEach(assertIndexSpec);
    await translated(collection, async () => {
      await this.ensureBaseIndex(collection);
      for (const spec of indexes) {
        const keys = spec.unique
          ? ({ _tenant: 1, ...storedKeys(spec.keys), _deleted: 1 } as const)
          : ({ _tenant: 1, _deleted: 1, ...storedKeys(spec.keys) } as const);
        await this.createIndex(collection, keys, { name: indexName(spec), unique: spec.unique === true });
      }
    });
  }

  async getCheckpoint(projection: string): Promise<number> {
    return translated(CHECKPOINTS, async () => {
      const checkpoint = await this.db.collection<Checkpoint>(CHECKPOINTS).findOne({ _id: projection });
      return checkpoint?.position ?? 0;
    });
  }

  /** The checkpoint moves with $max after the documents, so a slower concurrent runner never moves it back. */
  async applyProjectionBatch(projection: string, events: readonly ProjectedEvent[]): Promise<void> {
    if (events.length === 0) return;
    const checkpoint = await this.getCheckpoint(projection);
    await translated(CHECKPOINTS, async () => {
      const last = await applyMongoProjectionBatch(this.db, checkpoint, events);
      if (last === null) return;
      await this.db
        .collection<Checkpoint>(CHECKPOINTS)
        .updateOne({ _id: projection }, { $max: { position: last } }, { upsert: true });
    });
  }

  async reapplyEvent(event: ProjectedEvent): Promise<void> {
    await translated(CHECKPOINTS, () => reapplyMongoEvent(this.db, event));
  }

  async resetProjection(projection: string, collections: readonly string[]): Promise<void> {
    collections.forEach(assertCollectionName);
    await translated(CHECKPOINTS, async () => {
      for (const collection of collections) await this.db.collection(collection).deleteMany({});
      await this.db.collection<Checkpoint>(CHECKPOINTS).deleteOne({ _id: projection });
    });
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  /** Serves tenant scans in `_id` order, `_id` lookups and tenant counts; created once per collection and process. */
  private ensureBaseIndex(collection: string): Promise<void> {
    let created = this.baseIndexes.get(collection);
    if (!created) {
      created = this.createIndex(collection, { _tenant: 1, _deleted: 1, '_id.i': 1 }, { name: '_tenant_id' });
      created.catch(() => this.baseIndexes.delete(collection));
      this.baseIndexes.set(collection, created);
    }
    return created;
  }

  private async createIndex(collection: string, keys: MongoDocument, options: { name: string; unique?: boolean }) {
    const native = this.db.collection(collection);
    try {
      await native.createIndex(keys, options);
    } catch (error) {
      if (!(error instanceof MongoServerError && INDEX_CONFLICT_CODES.has(error.code as number))) throw error;
      const sameKeys = JSON.stringify(keys);
      for (const existing of await native.listIndexes().toArray()) {
        if (existing.name === options.name || JSON.stringify(existing.key) === sameKeys) await native.dropIndex(existing.name);
      }
      await native.createIndex(keys, options);
    }
  }
}
