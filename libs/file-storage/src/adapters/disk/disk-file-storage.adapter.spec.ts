import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { newFileKey } from '../../file-keys';
import { runFileStorageContract } from '../../testing/file-storage.contract';
import { DiskFileStorage } from './disk-file-storage.adapter';

const directory = mkdtempSync(join(tmpdir(), 'file-storage-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

runFileStorageContract('disk', async () => new DiskFileStorage(directory));

describe('DiskFileStorage', () => {
  it('lays files out as <root>/<tenant>/<key> with a JSON sidecar and leaves no temporary files', async () => {
    const root = mkdtempSync(join(directory, 'layout-'));
    const key = newFileKey();
    await new DiskFileStorage(root).put('tenant-1', key, Buffer.from('x'), { name: 'x.txt', contentType: 'text/plain' });

    expect(readdirSync(root)).toEqual(['tenant-1']);
    expect(readdirSync(join(root, 'tenant-1')).sort()).toEqual([key, `${key}.json`]);
  });

  it('leaves no temporary file behind when a stream fails or its key is taken', async () => {
    const root = mkdtempSync(join(directory, 'failed-'));
    const storage = new DiskFileStorage(root);
    const key = newFileKey();
    async function* failing() {
      yield Buffer.alloc(100_000);
      throw new Error('cut short');
    }
    await expect(storage.putStream('tenant-1', key, failing(), { name: 'x.bin', contentType: 'application/octet-stream' })).rejects.toThrow('cut short');
    expect(readdirSync(join(root, 'tenant-1'))).toEqual([]);

    await storage.put('tenant-1', key, Buffer.from('x'), { name: 'x.txt', contentType: 'text/plain' });
    await expect(storage.putStream('tenant-1', key, (async function* () { yield Buffer.from('y'); })(), { name: 'y.txt', contentType: 'text/plain' })).rejects.toThrow();
    expect(readdirSync(join(root, 'tenant-1')).sort()).toEqual([key, `${key}.json`]);
  });

  it('reads files written by an earlier instance (a restart)', async () => {
    const root = mkdtempSync(join(directory, 'restart-'));
    const key = newFileKey();
    await new DiskFileStorage(root).put('tenant-1', key, Buffer.from('kept'), { name: 'kept.txt', contentType: 'text/plain' });

    expect((await new DiskFileStorage(root).get('tenant-1', key))?.bytes.toString()).toBe('kept');
  });
});
