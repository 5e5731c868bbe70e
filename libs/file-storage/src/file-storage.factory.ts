import { join } from 'node:path';
import type { FileStorage } from './file-storage';
import { DiskFileStorage } from './adapters/disk/disk-file-storage.adapter';

/** The folder of uploaded files under DATA_DIR. */
export const uploadsDirectory = (dataDir: string) => join(dataDir, 'uploads');

export interface FileStorageOptions {
  readonly dataDir: string;
}

/**
 * The file storage chosen by configuration. Only the disk adapter exists: in the distributed topology
 * DATA_DIR/uploads must be a volume shared by every command-api and query-api node.
 */
export function createFileStorage(options: FileStorageOptions): FileStorage {
  return new DiskFileStorage(uploadsDirectory(options.dataDir));
}
