import { Document, DocumentChange, InvalidQueryError } from '../read-store';
import { assertCollectionName, assertDocument, assertTenantId, isPlainObject } from './query-guard';

export function assertChange(change: DocumentChange): void {
  assertCollectionName(change.collection);
  assertTenantId(change.tenantId);
  if (typeof change.id !== 'string' || change.id.length === 0) throw new InvalidQueryError('A change needs a document id');
}

/**
 * Runs a change's apply function. The change names the document, so its id wins over whatever
 * `_id` the function returned.
 */
export function projectDocument(change: DocumentChange, current: Document | null): Document | null {
  const next: unknown = change.apply(current);
  if (next === null) return null;
  if (!isPlainObject(next)) throw new InvalidQueryError(`A projection returned a non-document for ${change.id}`);
  const document = next._id === change.id ? (next as Document) : { ...next, _id: change.id };
  assertDocument(document);
  return document;
}
