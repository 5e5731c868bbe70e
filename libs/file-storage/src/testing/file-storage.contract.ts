import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { newFileKey } from '../file-keys';
import { FileKeyTakenError, type FileStorage } from '../file-storage';

/** The chunks as a stream that yields them one at a time, as an upload arrives. */
async function* streamOf(chunks: readonly Buffer[]): AsyncIterable<Uint8Array> {
  for (const chunk of chunks) {
    await new Promise((resolve) => setImmediate(resolve));
    yield chunk;
  }
}

/** The behaviour every FileStorage adapter must have. */
export function runFileStorageContract(name: string, factory: () => Promise<FileStorage>): void {
  describe(`FileStorage contract: ${name}`, () => {
    let storage: FileStorage;
    let tenant: string;

    beforeEach(async () => {
      storage = await factory();
      tenant = randomUUID();
    });

    it('reads back what was put, with its metadata', async () => {
      const key = newFileKey();
      const bytes = Buffer.from('report, page one\n');
      const createdAt = new Date('2024-03-01T10:00:00.000Z');

      const stored = await storage.put(tenant, key, bytes, { name: 'report.txt', contentType: 'text/plain', createdAt });
      const file = await storage.get(tenant, key);

      expect(stored).toEqual({ key, name: 'report.txt', contentType: 'text/plain', size: bytes.length, createdAt: createdAt.toISOString() });
      expect(file).toMatchObject(stored);
      expect(file?.bytes.equals(bytes)).toBe(true);
    });

    it('keeps binary content byte for byte, empty content included', async () => {
      const binary = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
      const key = newFileKey();
      const emptyKey = newFileKey();
      await storage.put(tenant, key, binary, { name: 'all-bytes.bin', contentType: 'application/octet-stream' });
      await storage.put(tenant, emptyKey, Buffer.alloc(0), { name: 'empty.txt', contentType: 'text/plain' });

      expect((await storage.get(tenant, key))?.bytes.equals(binary)).toBe(true);
      expect(await storage.get(tenant, emptyKey)).toMatchObject({ size: 0, name: 'empty.txt' });
    });

    it('sanitises the name and the content type it is given', async () => {
      const key = newFileKey();
      const stored = await storage.put(tenant, key, Buffer.from('x'), { name: '../../etc/pass\u0000wd', contentType: 'not a type' });

      expect(stored).toMatchObject({ name: 'passwd', contentType: 'application/octet-stream' });
      expect(await storage.get(tenant, key)).toMatchObject({ name: 'passwd', contentType: 'application/octet-stream' });
    });

    it('keeps names in any script', async () => {
      const key = newFileKey();
      await storage.put(tenant, key, Buffer.from('x'), { name: 'Отчёт για 事故.pdf', contentType: 'application/pdf' });

      expect((await storage.get(tenant, key))?.name).toBe('Отчёт για 事故.pdf');
    });

    it('refuses to overwrite a key in use', async () => {
      const key = newFileKey();
      await storage.put(tenant, key, Buffer.from('first'), { name: 'a.txt', contentType: 'text/plain' });

      await expect(storage.put(tenant, key, Buffer.from('second'), { name: 'b.txt', contentType: 'text/plain' })).rejects.toBeInstanceOf(
        FileKeyTakenError,
      );
      expect((await storage.get(tenant, key))?.bytes.toString()).toBe('first');
    });

    it("answers null for another tenant's key, an unknown key and a key that is not a key", async () => {
      const key = newFileKey();
      await storage.put(tenant, key, Buffer.from('secret'), { name: 'secret.txt', contentType: 'text/plain' });

      expect(await storage.get(randomUUID(), key)).toBeNull();
      expect(await storage.get(tenant, newFileKey())).toBeNull();
      for (const bad of ['../' + key, `${key}.json`, '..', '', 'A'.repeat(32), `${tenant}/${key}`]) {
        expect(await storage.get(tenant, bad)).toBeNull();
      }
      expect(await storage.get('../' + tenant, key)).toBeNull();
    });

    it('refuses to put under a key or tenant that is not valid', async () => {
      await expect(storage.put(tenant, '../escape', Buffer.from('x'), { name: 'x', contentType: 'text/plain' })).rejects.toThrow();
      await expect(storage.put('../up', newFileKey(), Buffer.from('x'), { name: 'x', contentType: 'text/plain' })).rejects.toThrow();
    });

    it('deletes a file once', async () => {
      const key = newFileKey();
      await storage.put(tenant, key, Buffer.from('x'), { name: 'x.txt', contentType: 'text/plain' });

      expect(await storage.delete(randomUUID(), key)).toBe(false);
      expect(await storage.delete(tenant, key)).toBe(true);
      expect(await storage.get(tenant, key)).toBeNull();
      expect(await storage.delete(tenant, key)).toBe(false);
    });

    it('stores streamed content chunk by chunk, with its metadata and size, empty content included', async () => {
      const key = newFileKey();
      const emptyKey = newFileKey();
      const chunks = [Buffer.from('first chunk, '), Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 256)), Buffer.from(', last')];
      const createdAt = new Date('2024-03-01T10:00:00.000Z');

      const stored = await storage.putStream(tenant, key, streamOf(chunks), { name: 'big.bin', contentType: 'application/octet-stream', createdAt });
      await storage.putStream(tenant, emptyKey, streamOf([]), { name: 'empty.txt', contentType: 'text/plain' });

      const whole = Buffer.concat(chunks);
      expect(stored).toEqual({ key, name: 'big.bin', contentType: 'application/octet-stream', size: whole.length, createdAt: createdAt.toISOString() });
      expect((await storage.get(tenant, key))?.bytes.equals(whole)).toBe(true);
      expect(await storage.get(tenant, emptyKey)).toMatchObject({ size: 0, name: 'empty.txt' });
    });

    it('stores nothing when the stream fails, and answers its error', async () => {
      const key = newFileKey();
      const tooLong = new Error('past the limit');
      async function* failing() {
        yield Buffer.from('some of it');
        throw tooLong;
      }

      await expect(storage.putStream(tenant, key, failing(), { name: 'a.txt', contentType: 'text/plain' })).rejects.toBe(tooLong);
      expect(await storage.get(tenant, key)).toBeNull();
      expect(await storage.exists(tenant, key)).toBe(false);
      // The key is still free.
      await storage.putStream(tenant, key, streamOf([Buffer.from('whole')]), { name: 'a.txt', contentType: 'text/plain' });
      expect((await storage.get(tenant, key))?.bytes.toString()).toBe('whole');
    });

    it('refuses to stream over a key in use, by put or by stream', async () => {
      const key = newFileKey();
      await storage.putStream(tenant, key, streamOf([Buffer.from('first')]), { name: 'a.txt', contentType: 'text/plain' });

      await expect(storage.putStream(tenant, key, streamOf([Buffer.from('second')]), { name: 'b.txt', contentType: 'text/plain' })).rejects.toBeInstanceOf(
        FileKeyTakenError,
      );
      await expect(storage.put(tenant, key, Buffer.from('third'), { name: 'c.txt', contentType: 'text/plain' })).rejects.toBeInstanceOf(FileKeyTakenError);
      expect(await storage.get(tenant, key)).toMatchObject({ name: 'a.txt', size: 5 });
      expect((await storage.get(tenant, key))?.bytes.toString()).toBe('first');
    });

    it('refuses to stream under a key or tenant that is not valid', async () => {
      await expect(storage.putStream(tenant, '../escape', streamOf([Buffer.from('x')]), { name: 'x', contentType: 'text/plain' })).rejects.toThrow();
      await expect(storage.putStream('../up', newFileKey(), streamOf([Buffer.from('x')]), { name: 'x', contentType: 'text/plain' })).rejects.toThrow();
    });

    it("tells whether a key is in use: not for another tenant's key, an unknown key, a deleted file or a key that is not a key", async () => {
      const key = newFileKey();
      expect(await storage.exists(tenant, key)).toBe(false);
      await storage.put(tenant, key, Buffer.from('x'), { name: 'x.txt', contentType: 'text/plain' });

      expect(await storage.exists(tenant, key)).toBe(true);
      expect(await storage.exists(randomUUID(), key)).toBe(false);
      for (const bad of ['../' + key, `${key}.json`, '..', '', `${tenant}/${key}`]) {
        expect(await storage.exists(tenant, bad)).toBe(false);
      }
      expect(await storage.exists('../' + tenant, key)).toBe(false);
      await storage.delete(tenant, key);
      expect(await storage.exists(tenant, key)).toBe(false);
    });

    it('stores concurrent uploads side by side', async () => {
      const keys = Array.from({ length: 10 }, () => newFileKey());
      await Promise.all(keys.map((key, i) => storage.put(tenant, key, Buffer.from(`file ${i}`), { name: `${i}.txt`, contentType: 'text/plain' })));

      const files = await Promise.all(keys.map((key) => storage.get(tenant, key)));
      expect(files.map((file) => file?.bytes.toString())).toEqual(keys.map((_, i) => `file ${i}`));
    });
  });
}
