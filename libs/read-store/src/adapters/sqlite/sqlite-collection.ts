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
import { applyUpdate } from '../../internal/mingo-update';
import { assertDocument, assertFilter, assertFindOptions, assertUpdate } from '../../internal/query-guard';
import { buildUpsertDocument } from '../../internal/upsert-document';
import type { SqliteQueries } from './sqlite-queries';
import { readCacheKey, type SqliteReadCache } from './sqlite-read-cache';
import type { DocumentCounts } from './sqlite-counts';
import type { TrackedPaths } from './sqlite-paths';
import { upsertDocument, type CollectionStatements } from './sqlite-tables';

export interface SqliteContext {
  readonly queries: SqliteQueries;
  /**
   * Runs `work` on the collection's statements (its table made first if need be) in one IMMEDIATE
   * transaction (a read-modify-write must not interleave with another process).
   */
  write<R>(collection: string, work: (statements: CollectionStatements) => R): R;
  read<R>(collection: string, work: () => R): R;
  /** Recent answers of finds and counts; writes through this context drop the ones they make stale. */
  readonly cache: SqliteReadCache;
  /** Told of every document a write adds or removes; written when its transaction ends. */
  readonly counts: DocumentCounts;
  /** Told of every document a write stores, inside its transaction: it flags the paths the document brings an array to. */
  readonly paths: TrackedPaths;
}

const NOT_MATCHED: UpdateResult = { matched: 0, modified: 0, upsertedId: null };

/** One tenant's view of a collection: the tenant is part of every SQL statement it runs. */
export class SqliteCollection<T extends Document> implements Collection<T> {
  constructor(
    private readonly context: SqliteContext,
    private readonly name: string,
    private readonly tenant: string,
  ) {}

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    assertFilter(filter);
    assertFindOptions(options);
    const key = readCacheKey('find', this.name, this.tenant, filter, options);
    const load = () => this.context.queries.find<T>(this.name, this.tenant, filter, options);
    // A copy of the kept list: the documents are frozen, the list is the caller's to sort or extend.
    return this.context.read(this.name, () => (key === null ? load() : this.context.cache.read(this.name, key, load).slice()));
  }

  async findOne(filter: Filter = {}, options: Pick<FindOptions, 'projection' | 'sort'> = {}): Promise<T | null> {
    const [first] = await this.find(filter, { ...options, limit: 1 });
    return first ?? null;
  }

  async count(filter: Filter = {}): Promise<number> {
    assertFilter(filter);
    const key = readCacheKey('count', this.name, this.tenant, filter, {});
    const load = () => this.context.queries.count(this.name, this.tenant, filter);
    return this.context.read(this.name, () => (key === null ? load() : this.context.cache.read(this.name, key, load)));
  }

  async countSubsets(filter: Filter, subsets: readonly Filter[]): Promise<SubsetCounts> {
    assertFilter(filter);
    if (!Array.isArray(subsets)) throw new InvalidQueryError('The subsets to count are a list of filters');
    subsets.forEach(assertFilter);
    const key = readCacheKey('countSubsets', this.name, this.tenant, [filter, ...subsets], {});
    const load = () => this.context.queries.countSubsets(this.name, this.tenant, filter, subsets);
    return this.context.read(this.name, () => (key === null ? load() : this.context.cache.read(this.name, key, load)));
  }

  async upsert(document: T): Promise<void> {
    assertDocument(document);
    const body = JSON.stringify(document);
    this.context.write(this.name, (statements) => {
      this.context.counts.change(this.name, this.tenant, upsertDocument(statements, this.tenant, document._id, body));
      this.context.paths.written(this.name, document);
    });
  }

  async upsertMany(documents: readonly T[]): Promise<void> {
    documents.forEach(assertDocument);
    if (!documents.length) return;
    const rows = documents.map((document) => [document._id, JSON.stringify(document)] as const);
    this.context.write(this.name, (statements) => {
      let added = 0;
      for (const [id, body] of rows) added += upsertDocument(statements, this.tenant, id, body);
      this.context.counts.change(this.name, this.tenant, added);
      for (const document of documents) this.context.paths.written(this.name, document);
    });
  }

  async updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    assertFilter(filter);
    assertUpdate(update);
    return this.context.write(this.name, (statements) => {
      const [target] = this.matching(filter, 1);
      if (target) return { matched: 1, modified: this.modify(statements, target, update) ? 1 : 0, upsertedId: null };
      if (!options.upsert) return NOT_MATCHED;
      const inserted = buildUpsertDocument(filter, update);
      statements.insert.run(this.tenant, inserted._id, JSON.stringify(inserted));
      this.context.counts.change(this.name, this.tenant, 1);
      this.context.paths.written(this.name, inserted);
      return { matched: 0, modified: 0, upsertedId: inserted._id };
    });
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    assertFilter(filter);
    assertUpdate(update);
    return this.context.write(this.name, (statements) => {
      const targets = this.matching(filter);
      const modified = targets.filter((target) => this.modify(statements, target, update)).length;
      return { matched: targets.length, modified, upsertedId: null };
    });
  }

  async deleteOne(filter: Filter): Promise<number> {
    assertFilter(filter);
    return this.context.write(this.name, (statements) => this.remove(statements, this.matching(filter, 1)));
  }

  async deleteMany(filter: Filter): Promise<number> {
    assertFilter(filter);
    return this.context.write(this.name, (statements) => this.remove(statements, this.matching(filter)));
  }

  private matching(filter: Filter, limit?: number): Document[] {
    return this.context.queries.find(this.name, this.tenant, filter, { limit });
  }

  private modify(statements: CollectionStatements, document: Document, update: Update): boolean {
    if (!applyUpdate(document, update)) return false;
    statements.update.run(JSON.stringify(document), this.tenant, document._id);
    this.context.paths.written(this.name, document);
    return true;
  }

  private remove(statements: CollectionStatements, documents: Document[]): number {
    for (const { _id } of documents) statements.delete.run(this.tenant, _id);
    this.context.counts.change(this.name, this.tenant, -documents.length);
    return documents.length;
  }
}
