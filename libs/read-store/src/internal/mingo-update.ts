import { isDeepStrictEqual } from 'node:util';
import { update as mingoUpdate } from 'mingo';
import { Document, InvalidQueryError, Update } from '../read-store';
import { isPlainObject } from './query-guard';

/** Reads a dotted path through nested objects (not arrays): enough to type-check update targets. */
function valueAt(document: Record<string, unknown>, path: string): unknown {
  let value: unknown = document;
  for (const segment of path.split('.')) {
    if (!isPlainObject(value)) return undefined;
    value = value[segment];
  }
  return value;
}

/** mingo silently ignores these; MongoDB rejects them, and the two adapters must agree. */
function assertTargets(document: Document, update: Update): void {
  for (const path of Object.keys(update.$inc ?? {})) {
    const current = valueAt(document, path);
    if (current !== undefined && current !== null && typeof current !== 'number') {
      throw new InvalidQueryError(`Cannot apply $inc to the non-numeric field ${path}`);
    }
  }
  for (const path of Object.keys(update.$push ?? {})) {
    const current = valueAt(document, path);
    if (current !== undefined && !Array.isArray(current)) {
      throw new InvalidQueryError(`Cannot apply $push to the non-array field ${path}`);
    }
  }
}

/**
 * `$set` of top-level fields alone, the most frequent update (a token's expiry on every call), is
 * plain assignment; mingo's general machinery costs more than the rest of the update.
 */
function setTopLevelFields(document: Document, update: Update): boolean | null {
  const fields = update.$set;
  if (!fields || Object.keys(update).length !== 1 || Object.keys(fields).some((path) => path.includes('.'))) return null;
  let changed = false;
  for (const [field, value] of Object.entries(fields)) {
    if (Object.hasOwn(document, field) && isDeepStrictEqual(document[field], value)) continue;
    (document as Record<string, unknown>)[field] = value;
    changed = true;
  }
  return changed;
}

/** Applies a (validated) update in place with MongoDB semantics; returns whether anything changed. */
export function applyUpdate(document: Document, update: Update): boolean {
  const assigned = setTopLevelFields(document, update);
  if (assigned !== null) return assigned;
  assertTargets(document, update);
  try {
    return mingoUpdate(document as Record<string, unknown>, update as Parameters<typeof mingoUpdate>[1]).length > 0;
  } catch (error) {
    throw new InvalidQueryError(error instanceof Error ? error.message : String(error));
  }
}
