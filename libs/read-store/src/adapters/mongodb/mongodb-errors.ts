import {
  MongoBulkWriteError,
  MongoClientClosedError,
  MongoError,
  MongoInvalidArgumentError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoServerClosedError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
  WriteError,
} from 'mongodb';
import {
  DuplicateKeyError,
  InvalidQueryError,
  ReadStoreError,
  ReadStoreUnavailableError,
} from '../../read-store';

const DUPLICATE_KEY_CODES = new Set([11000, 11001, 12582]);
/** BadValue, FailedToParse, TypeMismatch, ConflictingUpdateOperators, DollarPrefixedFieldName, EmptyFieldName, DottedFieldName, ImmutableField. */
const INVALID_QUERY_CODES = new Set([2, 9, 14, 40, 52, 56, 57, 66]);
/** Failover and shutdown: the server is there but cannot serve this request now. */
const UNAVAILABLE_CODES = new Set([91, 189, 10107, 11600, 11602, 13435, 13436]);
const UNAVAILABLE_ERRORS = [
  MongoNetworkError,
  MongoServerSelectionError,
  MongoNotConnectedError,
  MongoTopologyClosedError,
  MongoServerClosedError,
  MongoClientClosedError,
];

/** FerretDB 1.x reports a unique violation by an update as InternalError (1) carrying SQL's message. */
const FERRETDB_UNIQUE_VIOLATION = /UNIQUE constraint failed|duplicate key value violates unique constraint/;

export function isDuplicateKey(error: { readonly code?: unknown; readonly errmsg?: unknown; readonly message?: unknown }): boolean {
  if (typeof error.code !== 'number') return false;
  if (DUPLICATE_KEY_CODES.has(error.code)) return true;
  const message = String(error.errmsg ?? error.message ?? '');
  return error.code === 1 && FERRETDB_UNIQUE_VIOLATION.test(message);
}

/** MongoDB names the index in its message; FerretDB does not, hence the fallback. */
export function duplicateKeyError(collection: string, message: string | undefined): DuplicateKeyError {
  return new DuplicateKeyError(collection, /index: (\S+)/.exec(message ?? '')?.[1] ?? 'unique index');
}

export function writeErrorsOf(error: MongoBulkWriteError): WriteError[] {
  return ([] as WriteError[]).concat(error.writeErrors);
}

export function translateMongoError(error: unknown, collection: string): unknown {
  if (error instanceof ReadStoreError || !(error instanceof MongoError)) return error;
  if (UNAVAILABLE_ERRORS.some((type) => error instanceof type)) {
    return new ReadStoreUnavailableError(`MongoDB is unavailable: ${error.message}`, error);
  }
  if (error instanceof MongoInvalidArgumentError) return new InvalidQueryError(error.message);
  if (error instanceof MongoBulkWriteError) {
    const [first] = writeErrorsOf(error);
    if (first && isDuplicateKey(first)) return duplicateKeyError(collection, first.errmsg);
  }
  if (error instanceof MongoServerError && typeof error.code === 'number') {
    if (isDuplicateKey(error)) return duplicateKeyError(collection, error.message);
    if (INVALID_QUERY_CODES.has(error.code)) return new InvalidQueryError(error.message);
    if (UNAVAILABLE_CODES.has(error.code)) return new ReadStoreUnavailableError(`MongoDB is unavailable: ${error.message}`, error);
  }
  return error;
}

export async function translated<R>(collection: string, operation: () => Promise<R>): Promise<R> {
  try {
    return await operation();
  } catch (error) {
    throw translateMongoError(error, collection);
  }
}
