import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { UserListExportQuerySchema } from '@beacon/contracts';
import type { RecordedEvent } from '@beacon/event-store';
import type { Principal } from '@beacon/platform';
import { ensureProjectionIndexes, type ProjectionDefinition } from '@beacon/projections';
import { SqliteReadStore, type FindOptions } from '@beacon/read-store';
import { because } from '@beacon/testing';
import { QUERY_PROJECTIONS } from '../../query-projections';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { usersProjection } from '../projections/users.projection';
import { guardCell } from '../../shared/exports/csv-file';
import { USER_EXPORT_BATCH, UserExportHandler } from './user-export.handler';
import { UserExportQuery } from './user-export.query';

/** More users than two batches, so the export reads three. */
const USERS = USER_EXPORT_BATCH * 2 + 37;
const admin = { userId: 'u-admin', rootId: 'root', customerGroupId: 'root', customerPermission: 'ADMIN' } as unknown as Principal;

let dir: string;
let store: SqliteReadStore;
let position = 0;
const ids: string[] = [];

const event = (type: string, data: object): RecordedEvent => {
  position += 1;
  return { id: `e-${position}`, type, data, metadata: { tenantId: 'root' }, streamName: `s-${position}`, revision: 0, position, recordedAt: '2026-03-01T10:00:00.000Z' };
};

async function project(projection: ProjectionDefinition, events: RecordedEvent[]): Promise<void> {
  await store.applyProjectionBatch(projection.name, events.map((recorded) => ({ position: recorded.position, changes: projection.project(recorded) })));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'beacon-user-export-handler-'));
  store = SqliteReadStore.open({ path: join(dir, 'read.sqlite'), readCache: false });
  await ensureProjectionIndexes(store, QUERY_PROJECTIONS);
  const groups = QUERY_PROJECTIONS.find(({ name }) => name === 'customer-groups')!;
  await project(groups, [event('CustomerGroupCreated', { customerGroupId: 'root', name: 'Root', parentId: null, rootId: 'root', ancestorIds: [], rootPermissions: [], settings: {} })]);
  const registered = Array.from({ length: USERS }, (_, n) => {
    const id = `user-${String(n).padStart(5, '0')}`;
    ids.push(id);
    return event('UserRegistered', {
      userId: id,
      email: `${id}@export.test`,
      firstName: n % 2 ? `First${n}` : `=SUM(A${n})`,
      lastName: `Last${String(n).padStart(5, '0')}`,
      customerGroupId: 'root',
      rootId: 'root',
      customerPermission: 'CONTACT',
      isTemporary: false,
      preferredTimezone: 'Europe/London',
    });
  });
  await project(usersProjection, registered);
});

afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The handler over a store that records every read's limit. */
function exporter(limits: (number | undefined)[]) {
  const counting = new Proxy(store, {
    get(target, name, receiver) {
      if (name !== 'scope') return Reflect.get(target, name, receiver);
      return (rootId: string) => {
        const scope = target.scope(rootId);
        return new Proxy(scope, {
          get(scopeTarget, scopeName, scopeReceiver) {
            if (scopeName !== 'collection') return Reflect.get(scopeTarget, scopeName, scopeReceiver);
            return (collectionName: string) => {
              const collection = scopeTarget.collection(collectionName);
              if (collectionName !== 'users') return collection;
              return new Proxy(collection, {
                get(collectionTarget, method, collectionReceiver) {
                  if (method !== 'find') return Reflect.get(collectionTarget, method, collectionReceiver);
                  return (filter: never, options?: FindOptions) => {
                    limits.push(options?.limit);
                    return collectionTarget.find(filter, options);
                  };
                },
              });
            };
          },
        });
      };
    },
  });
  return new UserExportHandler(counting, new CustomerGroupReader(store), { lastActivity: async () => null });
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const query = (format: string, params: Record<string, string> = {}) => {
  const { format: parsed, ...rest } = UserListExportQuerySchema.parse({ all: 'true', format, ...params });
  return new UserExportQuery(admin, 'root', rest, parsed);
};

describe('the users export', () => {
  it('reads the users a batch at a time and writes every one in list order (CSV)', async () => {
    const limits: (number | undefined)[] = [];
    const file = await exporter(limits).execute(query('csv', { descending: 'true' }));
    const rows = parse((await bytesOf(file.stream)).toString('utf8').slice(1)) as string[][];
    because('every user follows the headings, last names descending', () => expect(rows.slice(1).map((row) => row[2])).toEqual(ids.map((id) => `${id}@export.test`).reverse()));
    because('each read is one batch', () => expect(limits.filter((limit) => limit === USER_EXPORT_BATCH)).toHaveLength(3));
    because('no read is unbounded', () => expect(limits.every((limit) => limit !== undefined && limit <= USER_EXPORT_BATCH)).toBe(true));
    because('formulas are guarded', () => expect(rows[USERS]![0]).toBe("'=SUM(A0)"));
  });

  it('writes the same users to an XLSX workbook', async () => {
    const file = await exporter([]).execute(query('xlsx'));
    expect(file.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bytesOf(file.stream)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Users')!;
    because('a row per user and the headings', () => expect(sheet.actualRowCount).toBe(USERS + 1));
    because('the first user, guarded', () => expect(sheet.getRow(2).getCell(1).value).toBe("'=SUM(A0)"));
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+44 20', "'+44 20"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['Ann', 'Ann'],
    ['', ''],
    ['a=b', 'a=b'],
  ])('guards %j as %j', (text, guarded) => {
    expect(guardCell(text)).toBe(guarded);
  });
});
