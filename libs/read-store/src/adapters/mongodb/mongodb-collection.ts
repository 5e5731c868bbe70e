import type { Collection as NativeCollection, Document as MongoDocument, UpdateFilter } from 'mongodb';
import {
  Collection,
  Document,
  Filter,
  FindOptions,
  InvalidQueryError,
  SubsetCounts,
  Update,
  UpdateOptions,
  UpdateResult,
} from '../../read-store';
import { assertDocument, assertFilter, assertFindOptions, assertUpdate } from '../../internal/query-guard';
import { buildUpsertDocument } from '../../internal/upsert-document';
import { fromStored, LIVE, rewriteProjection, rewriteSort, scopedFilter, storedId, toStored } from './mongodb-documents';
import { isDuplicateKey, translated } from './mongodb-errors';
import { inWriteCommands } from './write-commands';

/** Validated updates use only operators MongoDB knows; the driver's types cannot see that. */
const toUpdateFilter = (update: Update): UpdateFilter<MongoDocument> => ({ ...update }) as UpdateFilter<MongoDocument>;

/** One tenant's view of a MongoDB collection: every filter goes through scopedFilter. */
export class MongoCollection<T extends Document> implements Collection<T> {
  constructor(
    private readonly native: NativeCollection<MongoDocument>,
    private readonly tenant: string,
    private readonly ready: () => Promise<void>,
  ) {}

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    assertFilter(filter);
    assertFindOptions(options);
    return this.run(async () => {
      const cursor = this.native.find(scopedFilter(this.tenant, filter), {
        projection: rewriteProjection(options.projection),
        sort: rewriteSort(options.sort),
        ...(options.skip ? { skip: options.skip } : {}),
        ...(options.limit ? { limit: options.limit } : {}),
      });
      return (await cursor.toArray()).map((stored) => fromStored<T>(stored));
    });
  }

  async findOne(filter: Filter = {}, options: Pick<FindOptions, 'projection' | 'sort'> = {}): Promise<T | null> {
    const [first] = await this.find(filter, { ...options, limit: 1 });
    return first ?? null;
  }

  async count(filter: Filter = {}): Promise<number> {
    assertFilter(filter);
    return this.run(() => this.native.countDocuments(scopedFilter(this.tenant, filter)));
  }

  /** A count per subset: MongoDB counts each from its indexes (multikey ones included), which a single pass could not use. */
  async countSubsets(filter: Filter, subsets: readonly Filter[]): Promise<SubsetCounts> {
    assertFilter(filter);
    if (!Array.isArray(subsets)) throw new InvalidQueryError('The subsets to count are a list of filters');
    subsets.forEach(assertFilter);
    const [count, ...counted] = await Promise.all([filter, ...subsets.map((subset) => ({ $and: [filter, subset] }))].map((each) => this.count(each)));
    return { count: count!, subsets: counted };
  }

  /** A concurrent insert of the same new _id makes one upsert fail with a duplicate key; retrying it replaces. */
  async upsert(document: T): Promise<void> {
    assertDocument(document);
    const stored = toStored(this.tenant, document);
    const replace = () => this.native.replaceOne({ _id: stored._id }, stored, { upsert: true });
    await this.run(() => replace().catch((error: { code?: unknown }) => (isDuplicateKey(error) ? replace() : Promise.reject(error))));
  }

  async upsertMany(documents: readonly T[]): Promise<void> {
    documents.forEach(assertDocument);
    if (!documents.length) return;
    const operations = documents.map((document) => {
      const stored = toStored(this.tenant, document);
      return { replaceOne: { filter: { _id: stored._id }, replacement: stored, upsert: true } };
    });
    // Two upserts of a new id racing may collide once on the unique _id, as in `upsert`: the second try replaces.
    await this.run(() =>
      inWriteCommands(operations, (command) => {
        const write = () => this.native.bulkWrite(command, { ordered: true });
        return write().catch((error: { code?: unknown }) => (isDuplicateKey(error) ? write() : Promise.reject(error)));
      }),
    );
  }

  async updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    assertFilter(filter);
    assertUpdate(update);
    return this.run(async () => {
      const result = await this.native.updateOne(scopedFilter(this.tenant, filter), toUpdateFilter(update));
      if (result.matchedCount > 0 || !options.upsert) {
        return { matched: result.matchedCount, modified: result.modifiedCount, upsertedId: null };
      }
      return { matched: 0, modified: 0, upsertedId: await this.insertUpserted(filter, update) };
    });
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    assertFilter(filter);
    assertUpdate(update);
    return this.run(async () => {
      const result = await this.native.updateMany(scopedFilter(this.tenant, filter), toUpdateFilter(update));
      return { matched: result.matchedCount, modified: result.modifiedCount, upsertedId: null };
    });
  }

  async deleteOne(filter: Filter): Promise<number> {
    assertFilter(filter);
    return this.run(async () => (await this.native.deleteOne(scopedFilter(this.tenant, filter))).deletedCount);
  }

  async deleteMany(filter: Filter): Promise<number> {
    assertFilter(filter);
    return this.run(async () => (await this.native.deleteMany(scopedFilter(this.tenant, filter))).deletedCount);
  }

  /**
   * MongoDB's own upsert would seed the composite _id wrongly from the rewritten filter, so the new
   * document is built here. It may replace a tombstone; a live document with the same _id that the
   * filter did not match makes it fail with a duplicate key, as a native upsert would.
   */
  private async insertUpserted(filter: Filter, update: Update): Promise<string> {
    const inserted = buildUpsertDocument(filter, update);
    const stored = toStored(this.tenant, inserted);
    await this.native.replaceOne({ _id: storedId(this.tenant, inserted._id), _deleted: { $ne: LIVE._deleted } }, stored, {
      upsert: true,
    });
    return inserted._id;
  }

  private async run<R>(operation: () => Promise<R>): Promise<R> {
    return translated(this.native.collectionName, async () => {
      await this.ready();
      return operation();
    });
  }
}
