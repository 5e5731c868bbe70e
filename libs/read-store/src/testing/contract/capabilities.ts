import { it } from '@jest/globals';
import { skipAtRuntime } from '@beacon/testing';

/**
 * Real MongoDB behaviour that some servers speaking its protocol lack (FerretDB 1.x: see
 * docs/ferretdb.md). A contract case that needs one is skipped, never weakened, on such a server.
 */
export const CAPABILITIES = {
  elemMatchOnSubdocuments: '$elemMatch on sub-document fields',
  pullByCondition: '$pull with a query condition',
} as const;

export type Capability = keyof typeof CAPABILITIES;

/** Who serves the store under test and what it lacks. */
export interface ServerProfile {
  readonly name: string;
  readonly lacks: ReadonlySet<Capability>;
}

/** The SQLite adapter and a real MongoDB lack nothing. */
export const COMPLETE_SERVER: ServerProfile = { name: 'complete', lacks: new Set() };

/** Registers a case that needs `capability`; it runs unless the server (known once the suite starts) lacks it. */
export type ItNeeds = (capability: Capability, name: string, test: () => Promise<void>) => void;

export function capabilityGate(server: () => ServerProfile): ItNeeds {
  return (capability, name, test) => {
    it(name, async () => {
      const profile = server();
      if (profile.lacks.has(capability)) {
        return skipAtRuntime(`${CAPABILITIES[capability]} needs a real MongoDB (${profile.name} lacks it)`);
      }
      await test();
    });
  };
}
