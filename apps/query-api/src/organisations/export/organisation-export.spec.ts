import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import JSZip from 'jszip';
import { SqliteEventStore, type EventStore, type ReadAllOptions } from '@beacon/event-store';
import { SqliteReadStore, SYSTEM_TENANT } from '@beacon/read-store';
import { OrganisationExport } from './organisation-export';
import type { OrganisationExportManifest } from './organisation-export-manifest';

const A = 'root-a';
const B = 'root-b';
/** Small pages, so every file takes several. */
const PAGE = 3;
const EXPORTED_AT = new Date('2026-05-06T07:08:09.000Z');

let dir: string;
let eventStore: SqliteEventStore;
let readStore: SqliteReadStore;

const append = (tenantId: string | undefined, type: string, data: object) =>
  eventStore.appendToStream(`thing-${randomUUID()}`, [{ id: randomUUID(), type, data, metadata: tenantId === undefined ? {} : { tenantId } }]);

const bytesOf = async (zip: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of zip) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const linesOf = async (zip: JSZip, name: string): Promise<Record<string, unknown>[]> => {
  const file = zip.file(name);
  if (!file) throw new Error(`${name} is not in the zip`);
  return (await file.async('string'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
};

const exportOf = (store: EventStore, upTo: number, collections = ['users', 'customer_groups', 'empty']) =>
  new OrganisationExport({ id: A, name: 'Acme' }, upTo, { eventStore: store, readStore, collections, pageSize: PAGE }, EXPORTED_AT);

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'beacon-organisation-export-'));
  eventStore = SqliteEventStore.open({ path: join(dir, 'events.sqlite') });
  readStore = SqliteReadStore.open({ path: join(dir, 'read.sqlite'), readCache: false });
  for (let n = 0; n < 10; n++) {
    await append(A, 'Happened', { n, who: 'acme' });
    await append(B, 'Happened', { n, who: 'brine' });
    if (n % 3 === 0) await append(undefined, 'Untenanted', { n });
  }
  for (let n = 0; n < 7; n++) await readStore.scope(A).collection('users').upsert({ _id: `a-user-${n}`, email: `${n}@acme.test` });
  await readStore.scope(A).collection('customer_groups').upsert({ _id: A, name: 'Acme' });
  await readStore.scope(B).collection('users').upsert({ _id: 'b-user', email: 'b@brine.test' });
  await readStore.scope(B).collection('empty').upsert({ _id: 'b-only', who: 'brine' });
  await readStore.scope(SYSTEM_TENANT).collection('users').upsert({ _id: 'system-user', who: 'brine' });
});

afterEach(async () => {
  await readStore.close();
  await eventStore.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("an organisation's export", () => {
  it("holds its events up to the position given and its documents, a page at a time, and nothing of another tenant's", async () => {
    const upTo = await eventStore.headPosition();
    await append(A, 'Later', {});
    const exported = exportOf(eventStore, upTo);
    const zip = await JSZip.loadAsync(await bytesOf(exported.zip));
    const manifest = await exported.done;

    const events = await linesOf(zip, 'events.jsonl');
    expect(events.map((event) => (event.data as { n: number }).n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(events[0]).toEqual({
      position: expect.any(Number),
      stream: expect.stringMatching(/^thing-/),
      revision: 0,
      type: 'Happened',
      recorded_at: expect.any(String),
      id: expect.any(String),
      data: { n: 0, who: 'acme' },
      metadata: { tenantId: A },
    });
    const users = await linesOf(zip, 'documents/users.jsonl');
    expect(users.map((user) => user._id)).toEqual(['a-user-0', 'a-user-1', 'a-user-2', 'a-user-3', 'a-user-4', 'a-user-5', 'a-user-6']);
    expect(await linesOf(zip, 'documents/customer_groups.jsonl')).toEqual([{ _id: A, name: 'Acme' }]);
    // A collection holding nothing of this organisation's has no file.
    expect(Object.keys(zip.files).sort()).toEqual(['documents/customer_groups.jsonl', 'documents/users.jsonl', 'events.jsonl', 'manifest.json'].sort());
    for (const name of Object.keys(zip.files)) expect(await zip.file(name)!.async('string')).not.toMatch(/brine|root-b|system-user/);

    const written = JSON.parse(await zip.file('manifest.json')!.async('string')) as OrganisationExportManifest;
    expect(written).toEqual(manifest);
    expect(manifest).toMatchObject({
      organisation: { id: A, name: 'Acme' },
      exported_at: EXPORTED_AT.toISOString(),
      event_position: upTo,
      files: { 'events.jsonl': 10, 'documents/users.jsonl': 7, 'documents/customer_groups.jsonl': 1 },
    });
    expect(manifest.left_out.join(' ')).toContain('credentials');
  });

  it('stops reading once its reader goes away, and says so without an unhandled rejection', async () => {
    const reads: number[] = [];
    const slow: EventStore = Object.assign(Object.create(eventStore) as EventStore, {
      readAll: async (options?: ReadAllOptions) => {
        reads.push(options?.fromPosition ?? 0);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return eventStore.readAll(options);
      },
    });
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      const exported = exportOf(slow, await eventStore.headPosition());
      await new Promise<void>((resolve) => exported.zip.once('data', () => resolve()));
      exported.zip.destroy();
      await expect(exported.done).rejects.toThrow();
      const readsWhenStopped = reads.length;
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(reads.length).toBe(readsWhenStopped);
      expect(readsWhenStopped).toBeLessThan(Math.ceil((await eventStore.headPosition()) / PAGE));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });

  it('ends the zip with the error when a store fails midway', async () => {
    let reads = 0;
    const failing: EventStore = Object.assign(Object.create(eventStore) as EventStore, {
      readAll: async (options?: ReadAllOptions) => {
        if (++reads === 3) throw new Error('store gone');
        return eventStore.readAll(options);
      },
    });
    const exported = exportOf(failing, await eventStore.headPosition());
    await expect(bytesOf(exported.zip)).rejects.toThrow('store gone');
    await expect(exported.done).rejects.toThrow('store gone');
  });
});
