import {
  Collection,
  Document,
  Filter,
  FindOptions,
  Update,
  UpdateOptions,
  UpdateResult,
} from '../../read-store';
import { applyUpdate } from '../../internal/mingo-update';
import { compileFilter, findDocuments, matches } from '../../internal/mingo-query';
import { assertDocument, assertFilter, assertFindOptions, assertUpdate, isPlainObject } from '../../internal/query-guard';
import { buildUpsertDocument } from '../../internal/upsert-document';
import type { Statements } from './sqlite-schema';

export interface SqliteContext {
  readonly statements: Statements;
  /** Runs `work` in one IMMEDIATE transaction (a read-modify-write must not interleave with another process). */
  write<R>(collection: string, work: () => R): R;
  read<R>(collection: string, work: () => R): R;
}

const NOT_MATCHED: UpdateResult = { matched: 0, modified: 0, upsertedId: null };

/** Ids a filter pins down by `_id` alone, so the lookup can use the primary key; null when it does not. */
function pinnedIds(filter: Filter): string[] | null {
  const condition = filter._id;
  if (typeof condition === 'string') return [condition];
  if (!isPlainObject(condition) || Object.keys(condition).length !== 1) return null;
  if (typeof condition.$eq === 'string') return [condition.$eq];
  const list = condition.$in;
  if (Array.isArray(list) && list.every((id): id is string => typeof id === 'string')) return [...new Set(list)].sort();
  return null;
}

/**
 * One tenant's view of a collection. Rows are loaded by primary-key prefix (collection, tenant),
 * so the tenant scope is part of every SQL statement; mingo then applies MongoDB semantics.
 */
export class SqliteCollection<T extends Document> implements Collection<T> {
  constructor(
    private readonly context: SqliteContext,
    private readonly name: string,
    private readonly tenant: string,
  ) {}

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    assertFilter(filter);
    assertFindOptions(options);
    return this.context.read(this.name, () => findDocuments<T>(this.load(filter), filter, options));
  }

  async findOne(filter: Filter = {}, options: Pick<FindOptions, 'projection' | 'sort'> = {}): Promise<T | null> {
    const [first] = await this.find(filter, { ...options, limit: 1 });
    return first ?? null;
  }

  async count(filter: Filter = {}): Promise<number> {
    assertFilter(filter);
    return this.context.read(this.name, () => this.matching(filter).length);
  }

  async upsert(document: T): Promise<void> {
    assertDocument(document);
    const body = JSON.stringify(document);
    this.context.write(this.name, () => this.context.statements.upsert.run(this.name, this.tenant, document._id, body));
  }

  async updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    assertFilter(filter);
    assertUpdate(update);
    return this.context.write(this.name, () => {
      const [target] = this.matching(filter, 1);
      if (target) return { matched: 1, modified: this.modify(target, update) ? 1 : 0, upsertedId: null };
      if (!options.upsert) return NOT_MATCHED;
      const inserted = buildUpsertDocument(filter, update);
      this.context.statements.insert.run(this.name, this.tenant, inserted._id, JSON.stringify(inserted));
      return { matched: 0, modified: 0, upsertedId: inserted._id };
    });
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    assertFilter(filter);
    assertUpdate(update);
    return this.context.write(this.name, () => {
      const targets = this.matching(filter);
      const modified = targets.filter((target) => this.modify(target, update)).length;
      return { matched: targets.length, modified, upsertedId: null };
    });
  }

  async deleteOne(filter: Filter): Promise<number> {
    assertFilter(filter);
    return this.context.write(this.name, () => this.remove(this.matching(filter, 1)));
  }

  async deleteMany(filter: Filter): Promise<number> {
    assertFilter(filter);
    return this.context.write(this.name, () => this.remove(this.matching(filter)));
  }

  private load(filter: Filter): Document[] {
    const { selectBody, selectTenantBodies } = this.context.statements;
    const ids = pinnedIds(filter);
    const bodies =
      ids === null
        ? selectTenantBodies.all(this.name, this.tenant)
        : ids.map((id) => selectBody.get(this.name, this.tenant, id)).filter((body) => body !== undefined);
    return bodies.map((body) => JSON.parse(body) as Document);
  }

  private matching(filter: Filter, limit = Infinity): Document[] {
    const query = compileFilter(filter);
    const found: Document[] = [];
    for (const document of this.load(filter)) {
      if (found.length >= limit) break;
      if (matches(query, document)) found.push(document);
    }
    return found;
  }

  private modify(document: Document, update: Update): boolean {
    if (!applyUpdate(document, update)) return false;
    this.context.statements.update.run(JSON.stringify(document), this.name, this.tenant, document._id);
    return true;
  }

  private remove(documents: Document[]): number {
    for (const { _id } of documents) this.context.statements.delete.run(this.name, this.tenant, _id);
    return documents.length;
  }
}
