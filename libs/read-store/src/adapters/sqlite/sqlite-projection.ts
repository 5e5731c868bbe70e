import { Document, DocumentChange, ProjectedEvent } from '../../read-store';
import { assertChange, projectDocument } from '../../internal/projected-document';
import type { SqliteContext } from './sqlite-collection';
import type { Statements } from './sqlite-schema';
import type { CollectionStatements } from './sqlite-tables';

/** The statements of a collection the batch writes (its table made before the batch's transaction). */
export type CollectionsOf = (collection: string) => CollectionStatements;

/** What is told of each document written: the counts of those that come or go, the tracked paths of every one stored. */
export type WriteTracking = Pick<SqliteContext, 'counts' | 'paths'>;

interface PendingDocument {
  readonly change: DocumentChange;
  /** Whether the row was there when the batch read it: a write then updates or deletes it, else inserts. */
  readonly existed: boolean;
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
  tracking: WriteTracking,
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
  writePending(collections, tracking, pending);
  statements.upsertCheckpoint.run(projection, last);
}

/** Applies one event's changes to the documents as they stand, inside the caller's transaction; the checkpoint stays. */
export function reapplyEvent(collections: CollectionsOf, tracking: WriteTracking, event: ProjectedEvent): void {
  const pending = new Map<string, PendingDocument>();
  for (const change of event.changes) {
    const entry = pendingFor(collections, pending, change);
    entry.document = projectDocument(change, entry.document);
  }
  writePending(collections, tracking, pending);
}

/**
 * Each document is written once, by the statement its before and after call for, counted if it came or
 * went, and checked for arrays along its collection's tracked paths if it is stored.
 */
function writePending(collections: CollectionsOf, { counts, paths }: WriteTracking, pending: Map<string, PendingDocument>): void {
  for (const { change, existed, document } of pending.values()) {
    const statements = collections(change.collection);
    if (existed && document === null) {
      statements.delete.run(change.tenantId, change.id);
      counts.change(change.collection, change.tenantId, -1);
    } else if (document !== null) {
      if (existed) {
        statements.update.run(JSON.stringify(document), change.tenantId, change.id);
      } else {
        statements.insert.run(change.tenantId, change.id, JSON.stringify(document));
        counts.change(change.collection, change.tenantId, 1);
      }
      paths.written(change.collection, document);
    }
  }
}

function pendingFor(collections: CollectionsOf, pending: Map<string, PendingDocument>, change: DocumentChange): PendingDocument {
  const key = `${change.collection}\u0000${change.tenantId}\u0000${change.id}`;
  let entry = pending.get(key);
  if (!entry) {
    assertChange(change);
    const body = collections(change.collection).selectBody.get(change.tenantId, change.id);
    entry = { change, existed: body !== undefined, document: body === undefined ? null : (JSON.parse(body) as Document) };
    pending.set(key, entry);
  }
  return entry;
}
