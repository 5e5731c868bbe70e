import { describe, expect, it } from '@jest/globals';
import { partitionForKey } from './partitioner';

describe('partitionForKey', () => {
  it('maps a key to the same partition in every process and release', () => {
    // Pinned: changing the hash would move keys between partitions and break per-key order on upgrade.
    expect(['key-0', 'recipient-42', 'émoji-🚀', ''].map((key) => partitionForKey(key, 8))).toEqual([1, 1, 4, 5]);
  });

  it('spreads keys over all partitions', () => {
    const counts = new Array<number>(8).fill(0);
    for (let i = 0; i < 800; i++) counts[partitionForKey(`recipient-${i}`, 8)]!++;
    expect(Math.min(...counts)).toBeGreaterThan(60);
  });
});
