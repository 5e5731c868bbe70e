import { join } from 'node:path';
import type { FileStorage } from './file-storage';
import { DiskFileStorage } from './disk/disk-file-storage.adapter';

export interface FileStorageOptions {
  readonly dataDir: string;
}

/**
 * The file storage chosen by configuration. Only the disk adapter exists: in the distributed topology
 * DATA_DIR/uploads must be a volume shared by every command-api and query-api node.
 */
export function createFileStorage(options: FileStorageOptions): FileStorage {
  return new DiskFileStorage(join(options.dataDir, 'uploads'));
}
