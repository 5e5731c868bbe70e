import { Document, DocumentChange, ProjectedEvent } from '../../read-store';
import { assertChange, projectDocument } from '../../internal/projected-document';
import type { Statements } from './sqlite-schema';
import type { CollectionStatements } from './sqlite-tables';

/** The statements of a collection the batch writes (its table made before the batch's transaction). */
export type CollectionsOf = (collection: string) => CollectionStatements;

interface PendingDocument {
  readonly change: DocumentChange;
  document: Document | null;
}

/**
 * Applies a batch inside the caller's transaction. Documents are read once, changed in memory by
 * every event of the batch, and written once at the end, together with the checkpoint: the whole
 * batch commits or nothing does, which is what makes each event apply exactly once.
 */
export function applyProjectionBatch(
  statements: Statements,
  collections: CollectionsOf,
  projection: string,
  events: readonly ProjectedEvent[],
): void {
  const checkpoint = statements.selectCheckpoint.get(projection) ?? 0;
  const pending = new Map<string, PendingDocument>();
  let last = checkpoint;
  for (const event of events) {
    if (event.position <= last) continue;
    for (const change of event.changes) {
      const entry = pendingFor(collections, pending, change);
      entry.document = projectDocument(change, entry.document);
    }
    last = event.position;
  }
  if (last === checkpoint) return;
  writePending(collections, pending);
  statements.upsertCheckpoint.run(projection, last);
}

/** Applies one event's changes to the documents as they stand, inside the caller's transaction; the checkpoint stays. */
export function reapplyEvent(collections: CollectionsOf, event: ProjectedEvent): void {
  const pending = new Map<string, PendingDocument>();
  for (const change of event.changes) {
    const entry = pendingFor(collections, pending, change);
    entry.document = projectDocument(change, entry.document);
  }
  writePending(collections, pending);
}

function writePending(collections: CollectionsOf, pending: Map<string, PendingDocument>): void {
  for (const { change, document } of pending.values()) {
    const statements = collections(change.collection);
    if (document === null) statements.delete.run(change.tenantId, change.id);
    else statements.upsert.run(change.tenantId, change.id, JSON.stringify(document));
  }
}

function pendingFor(collections: CollectionsOf, pending: Map<string, PendingDocument>, change: DocumentChange): PendingDocument {
  const key = `${change.collection}\u0000${change.tenantId}\u0000${change.id}`;
  let entry = pending.get(key);
  if (!entry) {
    assertChange(change);
    const body = collections(change.collection).selectBody.get(change.tenantId, change.id);
    entry = { change, document: body === undefined ? null : (JSON.parse(body) as Document) };
    pending.set(key, entry);
  }
  return entry;
}
