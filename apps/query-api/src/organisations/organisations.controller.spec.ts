import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { SqliteEventStore, type EventStore, type ReadAllOptions } from '@beacon/event-store';
import { SqliteReadStore } from '@beacon/read-store';
import { OrganisationExport } from './export/organisation-export';
import { OrganisationsController } from './organisations.controller';
import type { OrganisationExportFile } from './queries/export-organisation.handler';

const ROOT = 'root-a';

/** The HTTP response as the controller uses it: headers, then the zip's bytes; `goneAfter` bytes, the client goes away. */
class ClientResponse extends Writable {
  statusCode = 0;
  readonly headers = new Map<string, string>();
  received = 0;

  constructor(private readonly goneAfter = Infinity) {
    super();
  }

  status(code: number): this {
    this.statusCode = code;
    return this;
  }

  setHeader(name: string, value: string): this {
    this.headers.set(name.toLowerCase(), value);
    return this;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.received += chunk.length;
    callback();
    if (this.received >= this.goneAfter) this.destroy();
  }
}

let dir: string;
let eventStore: SqliteEventStore;
let readStore: SqliteReadStore;
let reads: number;

/** The event store, each page read counted and a little slow, failing at the read `failAt`. */
const watched = (failAt = Infinity): EventStore =>
  Object.assign(Object.create(eventStore) as EventStore, {
    readAll: async (options?: ReadAllOptions) => {
      if (++reads >= failAt) throw new Error('store gone');
      await new Promise((resolve) => setTimeout(resolve, 2));
      return eventStore.readAll(options);
    },
  });

async function download(response: ClientResponse, store: EventStore): Promise<OrganisationExport> {
  const exported = new OrganisationExport({ id: ROOT, name: 'Acme' }, await eventStore.headPosition(), { eventStore: store, readStore, collections: ['users'], pageSize: 2 }, new Date());
  const file: OrganisationExportFile = { filename: `organisation-${ROOT}-2026-01-01.zip`, export: exported };
  const queryBus = { execute: async () => file } as unknown as QueryBus;
  await new OrganisationsController(queryBus).exportOrganisation(ROOT, response as unknown as Response);
  return exported;
}

beforeEach(async () => {
  reads = 0;
  dir = mkdtempSync(join(tmpdir(), 'beacon-organisation-export-call-'));
  eventStore = SqliteEventStore.open({ path: join(dir, 'events.sqlite') });
  readStore = SqliteReadStore.open({ path: join(dir, 'read.sqlite'), readCache: false });
  // Incompressible data, so the zip's bytes come as the events are read.
  for (let n = 0; n < 60; n++) {
    await eventStore.appendToStream(`thing-${n}`, [{ id: randomUUID(), type: 'Happened', data: { noise: randomUUID().repeat(20) }, metadata: { tenantId: ROOT } }]);
  }
});

afterEach(async () => {
  jest.restoreAllMocks();
  await readStore.close();
  await eventStore.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the export call's streaming", () => {
  it('sends the zip with its name, and reads the whole history', async () => {
    const response = new ClientResponse();
    const exported = await download(response, watched());
    expect(response.statusCode).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({ 'content-type': 'application/zip', 'content-disposition': `attachment; filename="organisation-${ROOT}-2026-01-01.zip"` });
    expect((await exported.done).files['events.jsonl']).toBe(60);
    expect(response.received).toBeGreaterThan(0);
  });

  it('stops reading when the client goes away, and ends the call without an error or an unhandled rejection', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      const response = new ClientResponse(1);
      const exported = await download(response, watched());
      await expect(exported.done).rejects.toThrow();
      const readsWhenGone = reads;
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(reads).toBe(readsWhenGone);
      expect(readsWhenGone).toBeLessThan(30);
      expect(logged).not.toHaveBeenCalled();
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });

  it('cuts the download short when a store fails midway, and logs why', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const response = new ClientResponse();
    const exported = await download(response, watched(3));
    await expect(exported.done).rejects.toThrow('store gone');
    expect(response.destroyed).toBe(true);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('store gone'));
  });
});
