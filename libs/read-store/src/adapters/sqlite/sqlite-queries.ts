import type Database from 'better-sqlite3';
import type { Query } from 'mingo';
import { Document, Filter, FindOptions, SortSpec, SubsetCounts } from '../../read-store';
import { compileFilter, matches, projectDocuments, sortDocuments } from '../../internal/mingo-query';
import { fieldKey, ID_KEY, pathSegments } from './sqlite-keys';
import { REGEXP_FUNCTION, translateFilter, type SqlFilter } from './sqlite-filter';
import { collectionTable, quoteIdentifier, type SqliteTables } from './sqlite-tables';

/** A query that SQLite could not answer alone: which collection, and what had to be evaluated in memory. */
export interface InMemoryQueryReport {
  readonly collection: string;
  readonly reasons: readonly string[];
}

export type InMemoryQueryListener = (report: InMemoryQueryReport) => void;

/** Prepared statements are reused per distinct SQL text (collection and filter shape); this bounds how many are kept. */
const STATEMENT_CACHE_SIZE = 500;
const REGEXP_CACHE_SIZE = 200;
const NO_LIMIT = -1;

interface Plan {
  readonly sql: SqlFilter;
  /** mingo's check for the conjuncts SQL left over; null when SQL is exact. */
  readonly residual: Query | null;
  /** ORDER BY terms, or null when a sort path cannot be written in SQL (sorted in memory). */
  readonly orderBy: string | null;
  /** What is evaluated in memory, for the listener. */
  readonly reasons: readonly string[];
}

export interface QueryExplanation {
  /** SQLite's plan (EXPLAIN QUERY PLAN), or the counts table for a count of everything. */
  readonly plan: readonly string[];
  /** What mingo checks after SQL; empty when SQL answers alone. */
  readonly inMemory: readonly string[];
}

/** ORDER BY for a sort, with _id last as the tie-breaker that keeps skip/limit paging stable. */
function orderByFor(sort: SortSpec | undefined): string | null {
  const terms: string[] = [];
  for (const [path, direction] of Object.entries(sort ?? {})) {
    const segments = path === '_id' ? [] : pathSegments(path);
    if (segments === null) return null;
    terms.push(`${path === '_id' ? ID_KEY : fieldKey(segments)} ${direction === -1 ? 'DESC' : 'ASC'}`);
  }
  if (!sort || !('_id' in sort)) terms.push(`${ID_KEY} ASC`);
  return terms.join(', ');
}

/**
 * Answers finds and counts inside SQLite: filters become WHERE clauses over the documents' keys
 * (sqlite-filter), sorts become ORDER BY, paging LIMIT/OFFSET. What SQL cannot express exactly is
 * checked by mingo on the rows SQL streams back, never on a whole collection loaded at once, and is
 * reported to the listener so that a slow query shape is seen and can be fixed. A collection that has
 * no table yet (nothing was ever written to it) holds nothing: its queries are planned, then answer empty.
 */
export class SqliteQueries {
  private readonly statements = new Map<string, Database.Statement>();
  private readonly arrayFreePaths: Database.Statement<[collection: string], string>;
  private readonly countAll: Database.Statement<[collection: string, tenant: string], number>;

  constructor(
    private readonly db: Database.Database,
    private readonly tables: SqliteTables,
    private readonly onInMemory: InMemoryQueryListener,
  ) {
    this.arrayFreePaths = db.prepare<[string], string>('SELECT path FROM read_store_paths WHERE collection = ? AND has_arrays = 0').pluck();
    this.countAll = db.prepare<[string, string], number>('SELECT documents FROM read_store_counts WHERE collection = ? AND tenant = ?').pluck();
    registerRegexp(db);
  }

  find<T extends Document>(collection: string, tenant: string, filter: Filter, options: FindOptions): T[] {
    return this.inSnapshot(filter, () => this.findNow<T>(collection, tenant, filter, options));
  }

  count(collection: string, tenant: string, filter: Filter): number {
    return this.inSnapshot(filter, () => this.countNow(collection, tenant, filter));
  }

  /**
   * One statement: `count(*)` of the rows `filter` selects, and a `count(*) FILTER (WHERE ...)` per
   * subset, so each row is read once whatever the number of subsets. A filter or subset SQL cannot
   * express exactly is counted as count() counts it, one count each.
   */
  countSubsets(collection: string, tenant: string, filter: Filter, subsets: readonly Filter[]): SubsetCounts {
    return this.inSnapshot({ $and: [filter, ...subsets] }, () => {
      const statement = this.subsetsStatement(collection, filter, subsets);
      if (!statement) {
        return {
          count: this.countNow(collection, tenant, filter),
          subsets: subsets.map((subset) => this.countNow(collection, tenant, { $and: [filter, subset] })),
        };
      }
      if (!this.tables.existing(collection)) return { count: 0, subsets: subsets.map(() => 0) };
      const [count, ...counted] = this.statement(statement.sql).raw().get({ ...statement.params, tenant }) as number[];
      return { count: count!, subsets: counted };
    });
  }

  /** The one-pass count of countSubsets, or null when part of it must be checked in memory. */
  private subsetsStatement(collection: string, filter: Filter, subsets: readonly Filter[]): { sql: string; params: Record<string, unknown> } | null {
    let arrayFree: ReadonlySet<string> | undefined;
    const paths = { has: (path: string) => (arrayFree ??= new Set(this.arrayFreePaths.all(collection))).has(path) };
    const whole = translateFilter(filter, paths);
    const parts = subsets.map((subset, index) => translateFilter(subset, paths, `s${index}_`));
    if (whole.residual || parts.some((part) => part.residual)) return null;
    const tallies = parts.map((part) => `, count(*) FILTER (WHERE ${part.where})`).join('');
    return {
      sql: `SELECT count(*)${tallies} FROM ${tableOf(collection)} WHERE ${scoped(whole.where)}`,
      params: Object.assign({}, whole.params, ...parts.map((part) => part.params)) as Record<string, unknown>,
    };
  }

  private findNow<T extends Document>(collection: string, tenant: string, filter: Filter, options: FindOptions): T[] {
    const plan = this.reported(collection, this.plan(collection, filter, options.sort));
    const skip = options.skip ?? 0;
    const limit = options.limit || NO_LIMIT;
    let documents: Document[];
    if (plan.orderBy === null) {
      documents = sortDocuments(this.scan(collection, tenant, plan, `${ID_KEY} ASC`, 0, NO_LIMIT), options.sort!);
      documents = documents.slice(skip, limit === NO_LIMIT ? undefined : skip + limit);
    } else {
      documents = this.scan(collection, tenant, plan, plan.orderBy, skip, limit);
    }
    return options.projection ? projectDocuments<T>(documents, options.projection) : (documents as T[]);
  }

  private countNow(collection: string, tenant: string, filter: Filter): number {
    const plan = this.reported(collection, this.plan(collection, filter, undefined));
    if (plan.residual) return this.scan(collection, tenant, plan, `${ID_KEY} ASC`, 0, NO_LIMIT).length;
    if (plan.sql.where === '1') return this.countAll.get(collection, tenant) ?? 0;
    if (!this.tables.existing(collection)) return 0;
    return this.statement(countSql(collection, plan.sql.where)).pluck().get({ ...plan.sql.params, tenant }) as number;
  }

  /** How a find (or, with `count`, a count) would run: SQLite's query plan and what mingo would check after it. */
  explain(collection: string, tenant: string, filter: Filter, options: FindOptions & { readonly count?: boolean; readonly subsets?: readonly Filter[] }): QueryExplanation {
    if (options.subsets) {
      const statement = this.subsetsStatement(collection, filter, options.subsets);
      if (!statement) return { plan: ['a count per subset'], inMemory: ['part of the filter or a subset'] };
      if (!this.tables.existing(collection)) return { plan: [NO_TABLE], inMemory: [] };
      const rows = this.db.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`).all({ ...statement.params, tenant });
      return { plan: (rows as { detail: string }[]).map((row) => row.detail), inMemory: [] };
    }
    const plan = this.plan(collection, filter, options.count ? undefined : options.sort);
    const inMemory = plan.reasons;
    if (options.count && !plan.residual && plan.sql.where === '1') return { plan: ['the counts table'], inMemory };
    if (!this.tables.existing(collection)) return { plan: [NO_TABLE], inMemory };
    const sql = options.count && !plan.residual ? countSql(collection, plan.sql.where) : selectSql(collection, plan.sql.where, plan.orderBy ?? `${ID_KEY} ASC`);
    const rows = this.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ ...plan.sql.params, tenant, limit: options.limit || NO_LIMIT, skip: options.skip ?? 0 });
    return { plan: (rows as { detail: string }[]).map((row) => row.detail), inMemory };
  }

  /**
   * A filter on fields reads which of them hold arrays, then the rows: both in one read transaction,
   * so that another process's write cannot land between them. Lookups by _id need no such care
   * (and are the most frequent reads), so they skip the BEGIN and COMMIT.
   */
  private inSnapshot<R>(filter: Filter, work: () => R): R {
    return namesFields(filter) && !this.db.inTransaction ? this.db.transaction(work).deferred() : work();
  }

  private plan(collection: string, filter: Filter, sort: SortSpec | undefined): Plan {
    // Read only when a condition names a field: lookups by _id need no more than their own statement.
    let arrayFree: ReadonlySet<string> | undefined;
    const sql = translateFilter(filter, { has: (path) => (arrayFree ??= new Set(this.arrayFreePaths.all(collection))).has(path) });
    const orderBy = orderByFor(sort);
    // Compiled first: an invalid filter is rejected, not reported.
    const residual = sql.residual ? compileFilter(sql.residual) : null;
    const reasons = [...sql.untranslated, ...(orderBy === null ? [`sort by ${Object.keys(sort!).join(', ')}`] : [])];
    return { sql, residual, orderBy, reasons };
  }

  private reported(collection: string, plan: Plan): Plan {
    if (plan.reasons.length) this.onInMemory({ collection, reasons: plan.reasons });
    return plan;
  }

  /** Selects in SQL order; with a residual, skip and limit apply to the rows mingo keeps, read one at a time. */
  private scan(collection: string, tenant: string, plan: Plan, orderBy: string, skip: number, limit: number): Document[] {
    if (!this.tables.existing(collection)) return [];
    const statement = this.statement(selectSql(collection, plan.sql.where, orderBy)).pluck();
    const residual = plan.residual;
    if (!residual) {
      return (statement.all({ ...plan.sql.params, tenant, limit, skip }) as string[]).map((body) => JSON.parse(body) as Document);
    }
    const found: Document[] = [];
    let skipped = 0;
    for (const body of statement.iterate({ ...plan.sql.params, tenant, limit: NO_LIMIT, skip: 0 }) as Iterable<string>) {
      const document = JSON.parse(body) as Document;
      if (!matches(residual, document)) continue;
      if (skipped < skip) skipped++;
      else found.push(document);
      if (found.length === limit) break;
    }
    return found;
  }

  private statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.delete(this.statements.keys().next().value!);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

function namesFields(filter: Filter): boolean {
  return Object.entries(filter).some(([key, value]) =>
    key === '$and' || key === '$or' || key === '$nor' ? (value as Filter[]).some(namesFields) : key !== '_id',
  );
}

const NO_TABLE = 'no table: nothing was written to the collection yet';

const tableOf = (collection: string): string => quoteIdentifier(collectionTable(collection));

const scoped = (where: string): string => `tenant = @tenant AND (${where})`;

const selectSql = (collection: string, where: string, orderBy: string): string =>
  `SELECT body FROM ${tableOf(collection)} WHERE ${scoped(where)} ORDER BY ${orderBy} LIMIT @limit OFFSET @skip`;

const countSql = (collection: string, where: string): string => `SELECT count(*) FROM ${tableOf(collection)} WHERE ${scoped(where)}`;

/** SQLite has no regular expressions of its own; mingo's are JavaScript's, so the adapters agree. */
function registerRegexp(db: Database.Database): void {
  const compiled = new Map<string, RegExp>();
  db.function(REGEXP_FUNCTION, { deterministic: true }, (source: unknown, flags: unknown, value: unknown) => {
    if (typeof value !== 'string') return 0;
    const key = `${String(flags)}/${String(source)}`;
    let regex = compiled.get(key);
    if (!regex) {
      regex = new RegExp(String(source), String(flags));
      if (compiled.size >= REGEXP_CACHE_SIZE) compiled.clear();
      compiled.set(key, regex);
    }
    return regex.test(value) ? 1 : 0;
  });
}
