import { randomUUID } from 'node:crypto';
import { Document, Filter, InvalidQueryError, Update } from '../read-store';
import { applyUpdate } from './mingo-update';
import { isPlainObject } from './query-guard';

function equalityValue(condition: unknown): { readonly value: unknown } | null {
  if (condition instanceof RegExp) return null;
  if (!isPlainObject(condition)) return { value: condition };
  const operators = Object.keys(condition).filter((key) => key.startsWith('$'));
  if (operators.length === 0) return { value: condition };
  return operators.length === 1 && operators[0] === '$eq' ? { value: condition.$eq } : null;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const segments = path.split('.');
  let node = target;
  for (const segment of segments.slice(0, -1)) {
    if (!isPlainObject(node[segment])) node[segment] = {};
    node = node[segment] as Record<string, unknown>;
  }
  node[segments[segments.length - 1]] = value;
}

/** Like MongoDB, an upsert starts from the filter's equality conditions (top level and inside $and). */
function seed(filter: Filter, target: Record<string, unknown>): void {
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and') {
      (condition as Filter[]).forEach((clause) => seed(clause, target));
    } else if (!key.startsWith('$')) {
      const equality = equalityValue(condition);
      if (equality) setPath(target, key, structuredClone(equality.value));
    }
  }
}

/**
 * The document an upsert inserts when nothing matched. Ids are generated as UUID strings (not
 * ObjectIds) because callers' ids are strings in both adapters.
 */
export function buildUpsertDocument(filter: Filter, update: Update): Document {
  const fields: Record<string, unknown> = {};
  seed(filter, fields);
  if (fields._id !== undefined && (typeof fields._id !== 'string' || fields._id.length === 0)) {
    throw new InvalidQueryError('An upserted _id must be a non-empty string');
  }
  const document = { ...fields, _id: (fields._id as string | undefined) ?? randomUUID() };
  applyUpdate(document, update);
  return document;
}
