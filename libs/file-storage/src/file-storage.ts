/**
 * Where uploaded files live (incident attachments now; media later). Files belong to a tenant and are
 * addressed by a key the platform generated (`newFileKey`), never by a name a client chose, so no
 * request can reach outside its tenant's files. Adapters: disk (embedded mode, under DATA_DIR);
 * distributed mode needs a volume every node shares, or an object-store adapter.
 */
export interface StoredFileMetadata {
  readonly key: string;
  /** The file's name for a person (sanitised, see `sanitizeFileName`). */
  readonly name: string;
  readonly contentType: string;
  readonly size: number;
  /** ISO 8601 UTC. */
  readonly createdAt: string;
}

export interface StoredFile extends StoredFileMetadata {
  readonly bytes: Buffer;
}

export interface PutFileOptions {
  readonly name: string;
  readonly contentType: string;
  /** When the upload was accepted; defaults to now. */
  readonly createdAt?: Date;
}

export interface FileStorage {
  /** Stores new content under a fresh key; a key already in use is refused (`FileKeyTakenError`). */
  put(tenantId: string, key: string, bytes: Buffer, options: PutFileOptions): Promise<StoredFileMetadata>;
  /**
   * Stores content as it is read from `content`, never holding all of it: a large upload can be kept
   * while it arrives. The file appears only once the content has ended; if reading it fails (the
   * source throws, e.g. past a size limit), nothing is stored and the source's error is the rejection.
   * A key already in use is refused (`FileKeyTakenError`).
   */
  putStream(tenantId: string, key: string, content: AsyncIterable<Uint8Array>, options: PutFileOptions): Promise<StoredFileMetadata>;
  /** Whether the tenant has a file under that key (false for keys that are not valid keys), without reading it. */
  exists(tenantId: string, key: string): Promise<boolean>;
  /** The file, or null when the tenant has none under that key (including keys that are not valid keys). */
  get(tenantId: string, key: string): Promise<StoredFile | null>;
  /** Removes the file; false when there was none. */
  delete(tenantId: string, key: string): Promise<boolean>;
}

export class FileKeyTakenError extends Error {
  constructor(key: string) {
    super(`A file is already stored under key ${key}`);
    this.name = 'FileKeyTakenError';
  }
}

export class InvalidFileKeyError extends Error {
  constructor(what: 'key' | 'tenant id', value: string) {
    super(`Not a valid file ${what}: ${JSON.stringify(value)}`);
    this.name = 'InvalidFileKeyError';
  }
}

/** Nest injection token of the configured FileStorage. */
export const FILE_STORAGE = Symbol('FILE_STORAGE');
