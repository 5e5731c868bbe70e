import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isFileKey, isStorageTenantId, sanitizeContentType, sanitizeFileName } from '../../file-keys';
import {
  FileKeyTakenError,
  InvalidFileKeyError,
  type FileStorage,
  type PutFileOptions,
  type StoredFile,
  type StoredFileMetadata,
} from '../../file-storage';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/**
 * Files on disk: `<root>/<tenant>/<key>` with its metadata in `<root>/<tenant>/<key>.json`. Content is
 * written to a temporary file (at once, or chunk by chunk as a stream arrives, so a large upload is
 * never held in memory) and hard-linked into place (which fails if the key exists), then the
 * sidecar is renamed into place: a reader sees a file only once both are complete, and a crash leaves
 * at most an orphaned temporary file, never a half-written attachment.
 */
export class DiskFileStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async put(tenantId: string, key: string, bytes: Buffer, options: PutFileOptions): Promise<StoredFileMetadata> {
    const paths = this.paths(tenantId, key, true);
    await mkdir(paths.folder, { recursive: true });
    const temporary = temporaryPath(paths.folder, key);
    await writeFile(temporary, bytes, { flag: 'wx' });
    return this.linkIntoPlace(paths, temporary, metadataOf(key, bytes.length, options));
  }

  async putStream(tenantId: string, key: string, content: AsyncIterable<Uint8Array>, options: PutFileOptions): Promise<StoredFileMetadata> {
    const paths = this.paths(tenantId, key, true);
    await mkdir(paths.folder, { recursive: true });
    const temporary = temporaryPath(paths.folder, key);
    const file = createWriteStream(temporary, { flags: 'wx' });
    try {
      await pipeline(content, file);
    } catch (error) {
      // The source's error (or the disk's) is the answer; what was written of it goes.
      await unlinkIfPresent(temporary);
      throw error;
    }
    return this.linkIntoPlace(paths, temporary, metadataOf(key, file.bytesWritten, options));
  }

  async exists(tenantId: string, key: string): Promise<boolean> {
    const paths = this.paths(tenantId, key, false);
    if (!paths) return false;
    try {
      await access(paths.content);
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async get(tenantId: string, key: string): Promise<StoredFile | null> {
    const paths = this.paths(tenantId, key, false);
    if (!paths) return null;
    try {
      const metadata = JSON.parse(await readFile(paths.sidecar, 'utf8')) as StoredFileMetadata;
      const bytes = await readFile(paths.content);
      return { ...metadata, key, size: bytes.length, bytes };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(tenantId: string, key: string): Promise<boolean> {
    const paths = this.paths(tenantId, key, false);
    if (!paths) return false;
    // The sidecar goes first: without it the file is no longer readable, whatever happens next.
    const removed = await unlinkIfPresent(paths.sidecar);
    const removedContent = await unlinkIfPresent(paths.content);
    return removed || removedContent;
  }

  /**
   * Links the complete temporary file into place (failing if the key exists), removes the temporary
   * name, then renames the sidecar in: the file is readable only once both are there.
   */
  private async linkIntoPlace(paths: { content: string; sidecar: string }, temporary: string, metadata: StoredFileMetadata): Promise<StoredFileMetadata> {
    try {
      await link(temporary, paths.content);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new FileKeyTakenError(metadata.key);
      throw error;
    } finally {
      await unlink(temporary);
    }
    const temporarySidecar = `${temporary}.json`;
    await writeFile(temporarySidecar, JSON.stringify(metadata), { flag: 'wx' });
    await rename(temporarySidecar, paths.sidecar);
    return metadata;
  }

  private paths(tenantId: string, key: string, strict: true): { folder: string; content: string; sidecar: string };
  private paths(tenantId: string, key: string, strict: false): { folder: string; content: string; sidecar: string } | null;
  private paths(tenantId: string, key: string, strict: boolean) {
    if (!isStorageTenantId(tenantId)) {
      if (strict) throw new InvalidFileKeyError('tenant id', tenantId);
      return null;
    }
    if (!isFileKey(key)) {
      if (strict) throw new InvalidFileKeyError('key', key);
      return null;
    }
    const folder = join(this.root, tenantId);
    const content = join(folder, key);
    // Belt and braces: the patterns above already make this impossible.
    if (!content.startsWith(this.root + sep)) throw new InvalidFileKeyError('key', key);
    return { folder, content, sidecar: `${content}.json` };
  }
}

const temporaryPath = (folder: string, key: string) => join(folder, `.${key}.${randomBytes(6).toString('hex')}.tmp`);

const metadataOf = (key: string, size: number, options: PutFileOptions): StoredFileMetadata => ({
  key,
  name: sanitizeFileName(options.name),
  contentType: sanitizeContentType(options.contentType),
  size,
  createdAt: (options.createdAt ?? new Date()).toISOString(),
});

async function unlinkIfPresent(path: string): Promise<boolean> {
  try {
    await unlink(path);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}
