import type { EventStore, RecordedEvent } from '@beacon/event-store';
import type { Collection, Document } from '@beacon/read-store';

/** Events read from the store, and documents from a collection, at a time: what one page of the export holds in memory. */
export const EXPORT_PAGE_SIZE = 500;

/** One line of events.jsonl: the event as recorded. */
export const eventLine = (event: RecordedEvent): string =>
  `${JSON.stringify({
    position: event.position,
    stream: event.streamName,
    revision: event.revision,
    type: event.type,
    recorded_at: event.recordedAt,
    id: event.id,
    data: event.data,
    metadata: event.metadata,
  })}\n`;

/** One line of documents/<collection>.jsonl: the document as its read model holds it. */
export const documentLine = (document: Document): string => `${JSON.stringify(document)}\n`;

/**
 * The lines of the tenant's events up to `upTo` (the store's head when the export began), a page of the
 * store at a time in its global order. The store keeps no index by tenant, so every event is read and
 * those of other tenants skipped; only a page is ever held. Stops (throws) once `signal` is aborted.
 */
export async function* tenantEventLines(eventStore: EventStore, tenantId: string, upTo: number, signal: AbortSignal, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<string[]> {
  let after = 0;
  while (after < upTo) {
    signal.throwIfAborted();
    const page = await eventStore.readAll({ fromPosition: after, maxCount: pageSize });
    if (page.length === 0) return;
    const within = page.filter((event) => event.position <= upTo);
    const lines = within.filter((event) => event.metadata.tenantId === tenantId).map(eventLine);
    if (lines.length > 0) yield lines;
    if (within.length < page.length) return;
    after = page[page.length - 1]!.position;
  }
}

/**
 * A collection's documents in the order of their ids, a page at a time, each page read after the last
 * id of the one before (so a document written meanwhile neither shifts a page nor shows twice). Stops
 * (throws) once `signal` is aborted.
 */
export async function* documentPages(collection: Collection, signal: AbortSignal, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<Document[]> {
  let after: string | null = null;
  for (;;) {
    signal.throwIfAborted();
    const page: Document[] = await collection.find(after === null ? {} : { _id: { $gt: after } }, { sort: { _id: 1 }, limit: pageSize });
    if (page.length === 0) return;
    yield page;
    if (page.length < pageSize) return;
    after = page[page.length - 1]!._id;
  }
}
