import type { Document as MongoDocument, Filter as MongoFilter, Sort } from 'mongodb';
import { Document, Filter, ProjectionSpec, SortSpec } from '../../read-store';
import { isInclusionProjection } from '../../internal/query-guard';

/**
 * How read-store documents are laid out in MongoDB. One Mongo collection holds every tenant, so
 * `_id` is the composite { t: tenant, i: caller id }; callers' `_id` paths are rewritten to `_id.i`.
 * `_deleted` is false on live documents and holds the caller id on tombstones: unique indexes end
 * with `_deleted`, so tombstones never collide with each other or with live documents, without
 * partial indexes (which FerretDB 1.x lacks).
 */
export interface StoredId {
  readonly t: string;
  readonly i: string;
}

export interface StoredDocument extends MongoDocument {
  _id: StoredId;
}

export const storedId = (tenant: string, id: string): StoredId => ({ t: tenant, i: id });

export const LIVE = { _deleted: false } as const;

const rewritePath = (path: string): string => (path === '_id' || path.startsWith('_id.') ? `_id.i${path.slice(3)}` : path);

export function rewriteFilter(filter: Filter): MongoDocument {
  const rewritten: MongoDocument = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or' || key === '$nor') rewritten[key] = (value as Filter[]).map(rewriteFilter);
    else rewritten[rewritePath(key)] = value;
  }
  return rewritten;
}

/** Confines a (validated) caller filter to one tenant's live documents. */
export function scopedFilter(tenant: string, filter: Filter): MongoFilter<MongoDocument> {
  return { ...rewriteFilter(filter), _tenant: tenant, ...LIVE };
}

/** Always ordered, with _id as the last key, so that skip/limit paging is stable. */
export function rewriteSort(sort: SortSpec | undefined): Sort {
  const rewritten: Record<string, 1 | -1> = {};
  for (const [path, direction] of Object.entries(sort ?? {})) rewritten[rewritePath(path)] = direction;
  if (!('_id.i' in rewritten)) rewritten['_id.i'] = 1;
  return rewritten;
}

/** `_id` stays whole (it is mapped back on the way out); internal fields are excluded unless the projection already includes only named fields. */
export function rewriteProjection(projection: ProjectionSpec | undefined): MongoDocument {
  if (projection && isInclusionProjection(projection)) return { ...projection };
  return { ...projection, _tenant: 0, _pos: 0, _deleted: 0 };
}

export function toStored(tenant: string, document: Document, position?: number): StoredDocument {
  const stored: StoredDocument = { ...document, _id: storedId(tenant, document._id), _tenant: tenant, ...LIVE };
  if (position !== undefined) stored._pos = position;
  return stored;
}

export function tombstone(tenant: string, id: string, position: number): StoredDocument {
  return { _id: storedId(tenant, id), _tenant: tenant, _deleted: id, _pos: position };
}

export function fromStored<T extends Document>(stored: MongoDocument): T {
  const { _id, _tenant: _t, _pos: _p, _deleted: _d, ...fields } = stored;
  return (_id === undefined ? fields : { _id: (_id as StoredId).i, ...fields }) as T;
}

export function storedKeys(keys: Record<string, 1 | -1>): Record<string, 1 | -1> {
  const rewritten: Record<string, 1 | -1> = {};
  for (const [path, direction] of Object.entries(keys)) rewritten[rewritePath(path)] = direction;
  return rewritten;
}
