import { afterEach, beforeEach, describe } from 'vitest';
import type { ReadStore } from '../read-store';
import { indexContract } from './contract/index.contract';
import { projectionContract } from './contract/projection.contract';
import { queryContract } from './contract/query.contract';
import { tenancyContract } from './contract/tenancy.contract';
import { writeContract } from './contract/write.contract';

/** The behaviour every ReadStore adapter must show; each adapter's spec calls this once. */
export function runReadStoreContract(name: string, factory: () => Promise<ReadStore>): void {
  describe(`ReadStore contract: ${name}`, () => {
    let store: ReadStore | undefined;
    const current = (): ReadStore => {
      if (!store) throw new Error('The store is opened before each test');
      return store;
    };

    beforeEach(async () => {
      store = await factory();
    });

    afterEach(async () => {
      await store?.close();
      store = undefined;
    });

    queryContract(current);
    writeContract(current);
    indexContract(current);
    tenancyContract(current);
    projectionContract(current);
  });
}
