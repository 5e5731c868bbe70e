import { Document, DocumentChange, ProjectedEvent } from '../../read-store';
import { assertChange, projectDocument } from '../../internal/projected-document';
import type { Statements } from './sqlite-schema';

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
  projection: string,
  events: readonly ProjectedEvent[],
): void {
  const checkpoint = statements.selectCheckpoint.get(projection) ?? 0;
  const pending = new Map<string, PendingDocument>();
  let last = checkpoint;
  for (const event of events) {
    if (event.position <= last) continue;
    for (const change of event.changes) {
      const entry = pendingFor(statements, pending, change);
      entry.document = projectDocument(change, entry.document);
    }
    last = event.position;
  }
  if (last === checkpoint) return;
  writePending(statements, pending);
  statements.upsertCheckpoint.run(projection, last);
}

/** Applies one event's changes to the documents as they stand, inside the caller's transaction; the checkpoint stays. */
export function reapplyEvent(statements: Statements, event: ProjectedEvent): void {
  const pending = new Map<string, PendingDocument>();
  for (const change of event.changes) {
    const entry = pendingFor(statements, pending, change);
    entry.document = projectDocument(change, entry.document);
  }
  writePending(statements, pending);
}

function writePending(statements: Statements, pending: Map<string, PendingDocument>): void {
  for (const { change, document } of pending.values()) {
    if (document === null) statements.delete.run(change.collection, change.tenantId, change.id);
    else statements.upsert.run(change.collection, change.tenantId, change.id, JSON.stringify(document));
  }
}

function pendingFor(statements: Statements, pending: Map<string, PendingDocument>, change: DocumentChange): PendingDocument {
  const key = `${change.collection}\u0000${change.tenantId}\u0000${change.id}`;
  let entry = pending.get(key);
  if (!entry) {
    assertChange(change);
    const body = statements.selectBody.get(change.collection, change.tenantId, change.id);
    entry = { change, document: body === undefined ? null : (JSON.parse(body) as Document) };
    pending.set(key, entry);
  }
  return entry;
}
