import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { isFileKey, isStorageTenantId, sanitizeContentType, sanitizeFileName } from '../file-keys';
import {
  FileKeyTakenError,
  InvalidFileKeyError,
  type FileStorage,
  type PutFileOptions,
  type StoredFile,
  type StoredFileMetadata,
} from '../file-storage';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/**
 * Files on disk: `<root>/<tenant>/<key>` with its metadata in `<root>/<tenant>/<key>.json`. Content is
 * written to a temporary file and hard-linked into place (which fails if the key exists), then the
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
    const metadata: StoredFileMetadata = {
      key,
      name: sanitizeFileName(options.name),
      contentType: sanitizeContentType(options.contentType),
      size: bytes.length,
      createdAt: (options.createdAt ?? new Date()).toISOString(),
    };
    await mkdir(paths.folder, { recursive: true });
    const temporary = join(paths.folder, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
    await writeFile(temporary, bytes, { flag: 'wx' });
    try {
      await link(temporary, paths.content);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new FileKeyTakenError(key);
      throw error;
    } finally {
      await unlink(temporary);
    }
    const temporarySidecar = `${temporary}.json`;
    await writeFile(temporarySidecar, JSON.stringify(metadata), { flag: 'wx' });
    await rename(temporarySidecar, paths.sidecar);
    return metadata;
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

async function unlinkIfPresent(path: string): Promise<boolean> {
  try {
    await unlink(path);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}
