import {
  Document,
  Filter,
  FindOptions,
  IndexSpec,
  InvalidQueryError,
  ProjectionSpec,
  SortSpec,
  Update,
} from '../read-store';

/** Fields the store keeps on every stored document; callers may neither read nor mention them. */
export const INTERNAL_FIELDS: ReadonlySet<string> = new Set(['_tenant', '_pos', '_deleted']);

const LOGICAL_OPERATORS = new Set(['$and', '$or', '$nor']);
const UPDATE_OPERATORS = new Set(['$set', '$unset', '$inc', '$push', '$pull']);
const COLLECTION_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,99}$/;
/** Index keys become SQLite JSON paths and Mongo key names: plain dotted identifiers only. */
const INDEX_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function isInternalPath(path: string): boolean {
  const dot = path.indexOf('.');
  return INTERNAL_FIELDS.has(dot < 0 ? path : path.slice(0, dot));
}

function isIdPath(path: string): boolean {
  return path === '_id' || path.startsWith('_id.');
}

export function assertCollectionName(name: string): void {
  if (!COLLECTION_NAME.test(name)) throw new InvalidQueryError(`Invalid collection name: ${JSON.stringify(name)}`);
}

export function assertTenantId(tenantId: string): void {
  if (typeof tenantId !== 'string' || tenantId.length === 0) throw new InvalidQueryError('A tenant id is required');
}

/**
 * Only field predicates and $and/$or/$nor are allowed at the top: $where and $expr could read
 * internal fields by expression, which a key check cannot see.
 */
export function assertFilter(filter: Filter): void {
  if (!isPlainObject(filter)) throw new InvalidQueryError('A filter must be a plain object');
  for (const [key, value] of Object.entries(filter)) {
    if (key.startsWith('$')) {
      if (!LOGICAL_OPERATORS.has(key)) throw new InvalidQueryError(`Unsupported query operator: ${key}`);
      if (!Array.isArray(value) || value.length === 0) throw new InvalidQueryError(`${key} needs a non-empty array`);
      value.forEach((clause) => assertFilter(clause as Filter));
    } else if (isInternalPath(key)) {
      throw new InvalidQueryError(`A filter may not mention the internal field ${key}`);
    }
  }
}

export function assertUpdate(update: Update): void {
  if (!isPlainObject(update)) throw new InvalidQueryError('An update must be a plain object');
  const operators = Object.keys(update);
  if (operators.length === 0) throw new InvalidQueryError('An update needs at least one operator');
  for (const operator of operators) {
    if (!UPDATE_OPERATORS.has(operator)) throw new InvalidQueryError(`Unsupported update operator: ${operator}`);
    const fields = (update as Record<string, unknown>)[operator];
    if (!isPlainObject(fields)) throw new InvalidQueryError(`${operator} needs an object of fields`);
    for (const [path, value] of Object.entries(fields)) {
      if (isInternalPath(path)) throw new InvalidQueryError(`An update may not touch the internal field ${path}`);
      if (isIdPath(path)) throw new InvalidQueryError('An update may not change _id');
      if (operator === '$inc' && typeof value !== 'number') throw new InvalidQueryError(`$inc needs a number for ${path}`);
    }
  }
}

export function assertDocument(document: Document): void {
  if (!isPlainObject(document)) throw new InvalidQueryError('A document must be a plain object');
  if (typeof document._id !== 'string' || document._id.length === 0) {
    throw new InvalidQueryError('A document needs a non-empty string _id');
  }
  for (const key of Object.keys(document)) {
    if (INTERNAL_FIELDS.has(key)) throw new InvalidQueryError(`A document may not carry the internal field ${key}`);
    if (key.startsWith('$')) throw new InvalidQueryError(`Invalid field name: ${key}`);
  }
}

function assertSort(sort: SortSpec): void {
  if (!isPlainObject(sort)) throw new InvalidQueryError('A sort must be a plain object');
  for (const [path, direction] of Object.entries(sort)) {
    if (isInternalPath(path)) throw new InvalidQueryError(`Cannot sort by the internal field ${path}`);
    if (direction !== 1 && direction !== -1) throw new InvalidQueryError(`Sort direction for ${path} must be 1 or -1`);
  }
}

/** True for an inclusion projection: `_id` decides the mode only when it is the only field named, as in MongoDB. */
export function isInclusionProjection(projection: ProjectionSpec): boolean {
  const entries = Object.entries(projection);
  if (entries.length === 1 && entries[0]![0] === '_id') return entries[0]![1] === 1;
  return entries.some(([path, flag]) => path !== '_id' && flag === 1);
}

function assertProjection(projection: ProjectionSpec): void {
  if (!isPlainObject(projection)) throw new InvalidQueryError('A projection must be a plain object');
  const inclusion = isInclusionProjection(projection);
  for (const [path, flag] of Object.entries(projection)) {
    if (isInternalPath(path)) throw new InvalidQueryError(`Cannot project the internal field ${path}`);
    if (flag !== 0 && flag !== 1) throw new InvalidQueryError(`Projection of ${path} must be 0 or 1`);
    if (path !== '_id' && inclusion && flag === 0) {
      throw new InvalidQueryError('A projection cannot mix inclusion and exclusion');
    }
  }
}

function assertCount(name: string, value: number | undefined): void {
  if (value !== undefined && !(Number.isInteger(value) && value >= 0)) {
    throw new InvalidQueryError(`${name} must be a non-negative integer`);
  }
}

export function assertFindOptions(options: FindOptions): void {
  if (options.sort) assertSort(options.sort);
  if (options.projection) assertProjection(options.projection);
  assertCount('skip', options.skip);
  assertCount('limit', options.limit);
}

export function indexName(spec: IndexSpec): string {
  return spec.name ?? Object.entries(spec.keys).map(([path, direction]) => `${path}_${direction}`).join('_');
}

export function assertIndexSpec(spec: IndexSpec): void {
  const entries = isPlainObject(spec.keys) ? Object.entries(spec.keys) : [];
  if (entries.length === 0) throw new InvalidQueryError('An index needs at least one key');
  for (const [path, direction] of entries) {
    if (!INDEX_PATH.test(path) || isInternalPath(path)) throw new InvalidQueryError(`Invalid index key: ${path}`);
    if (direction !== 1 && direction !== -1) throw new InvalidQueryError(`Index direction for ${path} must be 1 or -1`);
  }
  if (!/^[A-Za-z0-9_.-]{1,120}$/.test(indexName(spec))) throw new InvalidQueryError(`Invalid index name: ${indexName(spec)}`);
  if (spec.include === undefined) return;
  if (spec.unique) throw new InvalidQueryError('A unique index includes no fields beyond its keys');
  if (!Array.isArray(spec.include)) throw new InvalidQueryError('An index includes a list of fields');
  for (const path of spec.include as unknown[]) {
    if (typeof path !== 'string' || !INDEX_PATH.test(path) || isInternalPath(path) || path === '_id' || path in spec.keys) {
      throw new InvalidQueryError(`Invalid included field: ${String(path)}`);
    }
  }
}
