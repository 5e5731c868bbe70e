/**
 * FNV-1a over the key's UTF-8 bytes. A stable hash is required: every process sharing the file
 * must map a key to the same partition, today and after an upgrade, or per-key order breaks.
 */
export function partitionForKey(key: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(key, 'utf8')) {
    hash = Math.imul(hash ^ byte, 0x01000193);
  }
  return (hash >>> 0) % partitions;
}
