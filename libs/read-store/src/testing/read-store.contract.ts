import { afterEach, beforeAll, beforeEach, describe } from '@jest/globals';
import type { ReadStore } from '../read-store';
import { capabilityGate, COMPLETE_SERVER, ServerProfile } from './contract/capabilities';
import { indexContract } from './contract/index.contract';
import { indexedQueryContract } from './contract/indexed-query.contract';
import { projectionContract } from './contract/projection.contract';
import { queryContract } from './contract/query.contract';
import { tenancyContract } from './contract/tenancy.contract';
import { writeContract } from './contract/write.contract';

export interface ContractOptions {
  /**
   * Asked once before the cases run: who serves the store and which real-MongoDB behaviour it
   * lacks. Cases needing what it lacks print `skipped: <reason>` and count as skipped.
   */
  readonly server?: () => Promise<ServerProfile>;
}

/** The behaviour every ReadStore adapter must show; each adapter's spec calls this once. */
export function runReadStoreContract(name: string, factory: () => Promise<ReadStore>, options: ContractOptions = {}): void {
  describe(`ReadStore contract: ${name}`, () => {
    let server = COMPLETE_SERVER;
    const itNeeds = capabilityGate(() => server);
    let store: ReadStore | undefined;
    const current = (): ReadStore => {
      if (!store) throw new Error('The store is opened before each test');
      return store;
    };

    beforeAll(async () => {
      if (options.server) server = await options.server();
    });

    beforeEach(async () => {
      store = await factory();
    });

    afterEach(async () => {
      await store?.close();
      store = undefined;
    });

    queryContract(current, itNeeds);
    writeContract(current, itNeeds);
    indexContract(current);
    indexedQueryContract(current);
    tenancyContract(current);
    projectionContract(current);
  });
}
