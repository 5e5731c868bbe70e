/**
 * The read-store port: tenant-scoped, Mongo-flavoured document collections for read models.
 * Every query goes through a scope, and the scope adds the tenant to every filter and document,
 * so a query cannot forget it. Internal fields (_tenant, _pos, _deleted) never reach callers.
 */

export interface Document {
  readonly _id: string;
  [field: string]: unknown;
}

/** A MongoDB query filter ($eq, $ne, $in, $nin, $gt, $gte, $lt, $lte, $exists, $and, $or, $regex, dotted paths...). */
export type Filter = Record<string, unknown>;

export interface Update {
  $set?: Record<string, unknown>;
  $unset?: Record<string, unknown>;
  $inc?: Record<string, number>;
  $push?: Record<string, unknown>;
  $pull?: Record<string, unknown>;
}

export type SortSpec = Record<string, 1 | -1>;
/** Inclusion (1) or exclusion (0) projection; _id is included unless excluded. */
export type ProjectionSpec = Record<string, 0 | 1>;

/**
 * Every adapter filters, sorts, skips and limits inside its engine, never over a collection loaded
 * into memory, so a page costs what the page holds when an index serves its filter and sort.
 */
export interface FindOptions {
  /** Ties are broken by _id (ascending unless the sort names it), so skip/limit paging is stable. */
  readonly sort?: SortSpec;
  readonly skip?: number;
  /** 0 or absent: no limit. */
  readonly limit?: number;
  readonly projection?: ProjectionSpec;
}

export interface UpdateOptions {
  readonly upsert?: boolean;
}

export interface UpdateResult {
  readonly matched: number;
  readonly modified: number;
  readonly upsertedId: string | null;
}

/**
 * Unique indexes enforce uniqueness per tenant; the others serve the queries that filter and sort by
 * their keys (tenant first, as every query is a tenant's). Declare what a read model's queries use.
 */
export interface IndexSpec {
  readonly keys: Record<string, 1 | -1>;
  readonly unique?: boolean;
  readonly name?: string;
  /**
   * Fields the index also holds after its keys, never ordered by (a query index only): a count or a
   * filter that reads only keys and these is answered from the index without reading a document
   * (SQLite). Engines whose indexes hold only their keys (MongoDB) leave them out.
   */
  readonly include?: readonly string[];
}

/** The answer of countSubsets: how many match the filter, and of those how many match each subset, in order. */
export interface SubsetCounts {
  readonly count: number;
  readonly subsets: readonly number[];
}

export interface Collection<T extends Document = Document> {
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  findOne(filter?: Filter, options?: Pick<FindOptions, 'projection' | 'sort'>): Promise<T | null>;
  count(filter?: Filter): Promise<number>;
  /**
   * How many documents match `filter`, and of those how many match each of `subsets`: the figures
   * of one summary (a message's recipients, and how many of them have each device) read together.
   * The same numbers as count(filter) and count({ $and: [filter, subset] }) for each subset; an
   * engine that can counts them all in one pass over what `filter` selects (SQLite).
   */
  countSubsets(filter: Filter, subsets: readonly Filter[]): Promise<SubsetCounts>;
  /** Inserts the document or replaces the one with the same _id. */
  upsert(document: T): Promise<void>;
  /** Upserts every document, all or none (one transaction; one bulk write): many small writes cost one. */
  upsertMany(documents: readonly T[]): Promise<void>;
  updateOne(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult>;
  updateMany(filter: Filter, update: Update): Promise<UpdateResult>;
  deleteOne(filter: Filter): Promise<number>;
  deleteMany(filter: Filter): Promise<number>;
}

/** Tenant id used for platform-wide documents (sign-in lookups, tokens, credentials). */
export const SYSTEM_TENANT = '__system__';

export interface ReadStoreScope {
  readonly tenantId: string;
  collection<T extends Document = Document>(name: string): Collection<T>;
}

/**
 * One change a projection makes to one document for one event: `apply` is pure and receives the
 * current document (or null) and returns the new one (or null to delete it).
 */
export interface DocumentChange<T extends Document = Document> {
  readonly collection: string;
  readonly tenantId: string;
  readonly id: string;
  readonly apply: (current: T | null) => T | null;
  /**
   * The document is derived from the event's other changes (a count of the documents they write, taken
   * from what their applies saw): its apply comes after theirs, and a store that cannot write a batch at
   * once writes it before them. A crash in between then leaves it holding the event and them not, and the
   * replay, which skips a document that holds the event, applies them again without counting twice.
   */
  readonly derived?: boolean;
}

export interface ProjectedEvent {
  /** Global position of the event; checkpoints and idempotence guards use it. */
  readonly position: number;
  readonly changes: readonly DocumentChange[];
}

export interface ReadStore {
  scope(tenantId: string): ReadStoreScope;
  ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void>;
  /** Last position a projection has applied; 0 when it has applied nothing. */
  getCheckpoint(projection: string): Promise<number>;
  /**
   * Applies the changes of a batch of events in order and moves the projection's checkpoint to the
   * last position. Each event is applied exactly once: events at or before the checkpoint, or
   * already reflected in a document, change nothing.
   */
  applyProjectionBatch(projection: string, events: readonly ProjectedEvent[]): Promise<void>;
  /**
   * Applies one earlier event's changes on top of the documents as they now stand, whatever the
   * checkpoint, which does not move: how a parked event is retried once its projection is fixed.
   */
  reapplyEvent(event: ProjectedEvent): Promise<void>;
  /** Drops the projection's documents and checkpoint so it can rebuild from position zero. */
  resetProjection(projection: string, collections: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

export class ReadStoreError extends Error {}

export class DuplicateKeyError extends ReadStoreError {
  constructor(readonly collection: string, readonly key: string) {
    super(`Duplicate key in ${collection}: ${key}`);
    this.name = 'DuplicateKeyError';
  }
}

export class InvalidQueryError extends ReadStoreError {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidQueryError';
  }
}

export class ReadStoreUnavailableError extends ReadStoreError {
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
    this.name = 'ReadStoreUnavailableError';
  }
}
