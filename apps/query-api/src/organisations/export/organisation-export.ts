import { finished, Readable } from 'node:stream';
import archiver from 'archiver';
import type { EventStore } from '@beacon/event-store';
import type { Document, ReadStore } from '@beacon/read-store';
import { documentLine, documentPages, EXPORT_PAGE_SIZE, tenantEventLines } from './organisation-export-lines';
import { documentsFile, EVENTS_FILE, LEFT_OUT, MANIFEST_FILE, type OrganisationExportManifest } from './organisation-export-manifest';

export interface OrganisationExportSources {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  /** The read models' collections, in the order their files come. */
  readonly collections: readonly string[];
  readonly pageSize?: number;
}

export interface ExportedOrganisation {
  readonly id: string;
  readonly name: string;
}

const reasonOf = (signal: AbortSignal): Error => (signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason)));

/** Rejects once the signal is aborted: a wait on the zip that it would otherwise leave pending for good. */
const stoppedBy = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => {
    const stop = () => reject(reasonOf(signal));
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });

/** The lines of a collection's documents: the page already read to see it holds any, then the rest. */
async function* documentLines(first: readonly Document[], rest: AsyncIterable<Document[]>): AsyncGenerator<string[]> {
  yield first.map(documentLine);
  for await (const page of rest) yield page.map(documentLine);
}

/**
 * An organisation's data as a zip, made while it is read (issue: organisations): events.jsonl (its events up to
 * `upTo`), documents/<collection>.jsonl (its read models' documents, one file per collection holding any) and
 * manifest.json (the lines of each, last, once counted). Each file is read a page at a time as the zip's reader
 * takes the bytes, so the export holds a page in memory whatever the organisation's size. The zip closing
 * before it is whole (its reader went away) stops the reading; `done` then rejects, as it does when a store fails
 * (the zip is then destroyed with the error).
 */
export class OrganisationExport {
  /** The zip's bytes. */
  readonly zip: Readable;
  /** The manifest, once the zip is whole. */
  readonly done: Promise<OrganisationExportManifest>;
  private readonly stopped = new AbortController();
  private readonly archive = archiver('zip');

  constructor(
    private readonly organisation: ExportedOrganisation,
    private readonly upTo: number,
    private readonly sources: OrganisationExportSources,
    private readonly exportedAt: Date,
  ) {
    this.zip = this.archive;
    // Its reader gone (or, once whole, nothing left to stop), or the zip failing: the reading stops.
    this.archive.once('close', () => this.stop(new Error('The export was closed before it was whole.')));
    this.archive.on('error', (error) => this.stop(error));
    this.done = this.write().catch((error: unknown) => {
      this.stop(error);
      this.archive.destroy(error instanceof Error ? error : new Error(String(error)));
      throw error;
    });
    this.done.catch(() => undefined);
  }

  /** Stops reading (the zip's reader went away): the zip is not finished. */
  stop(reason: unknown): void {
    if (!this.stopped.signal.aborted) this.stopped.abort(reason);
  }

  private async write(): Promise<OrganisationExportManifest> {
    const { signal } = this.stopped;
    const { eventStore, readStore, collections, pageSize = EXPORT_PAGE_SIZE } = this.sources;
    const files = new Map<string, number>();
    files.set(EVENTS_FILE, await this.append(EVENTS_FILE, tenantEventLines(eventStore, this.organisation.id, this.upTo, signal, pageSize)));
    const scope = readStore.scope(this.organisation.id);
    for (const collection of collections) {
      const pages = documentPages(scope.collection(collection), signal, pageSize);
      const first = await pages.next();
      if (first.done) continue;
      files.set(documentsFile(collection), await this.append(documentsFile(collection), documentLines(first.value, pages)));
    }
    const manifest: OrganisationExportManifest = {
      organisation: { id: this.organisation.id, name: this.organisation.name },
      exported_at: this.exportedAt.toISOString(),
      event_position: this.upTo,
      files: Object.fromEntries(files),
      left_out: LEFT_OUT,
    };
    signal.throwIfAborted();
    this.archive.append(`${JSON.stringify(manifest, null, 2)}\n`, { name: MANIFEST_FILE, date: this.exportedAt });
    await Promise.race([this.archive.finalize(), stoppedBy(signal)]);
    return manifest;
  }

  /** Adds a file of JSON lines to the zip; resolves with its line count once the zip has taken all of it. */
  private append(name: string, pages: AsyncIterable<string[]>): Promise<number> {
    const { signal } = this.stopped;
    signal.throwIfAborted();
    let lines = 0;
    const text = async function* (): AsyncGenerator<string> {
      for await (const page of pages) {
        lines += page.length;
        yield page.join('');
      }
    };
    const source = Readable.from(text(), { objectMode: false });
    return new Promise<number>((resolve, reject) => {
      const onStop = () => source.destroy(reasonOf(signal));
      signal.addEventListener('abort', onStop, { once: true });
      finished(source, (error) => {
        signal.removeEventListener('abort', onStop);
        if (error) reject(error);
        else resolve(lines);
      });
      this.archive.append(source, { name, date: this.exportedAt });
    });
  }
}
