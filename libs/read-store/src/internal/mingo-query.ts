import { Query } from 'mingo';
import { Document, Filter, FindOptions, InvalidQueryError } from '../read-store';

/** Scripts stay off: a filter is data from a caller, never code to run. */
const OPTIONS = { scriptEnabled: false } as const;

function invalid(error: unknown): InvalidQueryError {
  return new InvalidQueryError(error instanceof Error ? error.message : String(error));
}

export function compileFilter(filter: Filter): Query {
  try {
    return new Query(filter, OPTIONS);
  } catch (error) {
    throw invalid(error);
  }
}

export function matches(query: Query, document: Document): boolean {
  try {
    return query.test(document);
  } catch (error) {
    throw invalid(error);
  }
}

/**
 * Runs a find over one tenant's documents, which arrive ordered by _id. A requested sort gets _id
 * as a tie-breaker so that skip/limit paging is stable, as the MongoDB adapter does.
 */
export function findDocuments<T extends Document>(documents: Document[], filter: Filter, options: FindOptions): T[] {
  const query = compileFilter(filter);
  try {
    let cursor = query.find<Document>(documents, options.projection);
    if (options.sort) cursor = cursor.sort({ ...options.sort, _id: options.sort._id ?? 1 });
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return cursor.all() as T[];
  } catch (error) {
    throw invalid(error);
  }
}
