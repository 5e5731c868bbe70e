import type { EventStore } from '@beacon/event-store';
import { WRITE_SIDE_COLLECTIONS } from '@beacon/platform';
import { ProjectionRunner } from '@beacon/projections';
import type { ProjectionDefinition } from '@beacon/projections';
import type { ReadStore } from '@beacon/read-store';

export interface ReadModelRebuildOptions {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  /** Every read model of the process (QUERY_PROJECTIONS), among which the named ones are rebuilt. */
  readonly projections: readonly ProjectionDefinition[];
  /** Told of each read model once it has reached the head. */
  readonly onRebuilt?: (name: string, position: number, elapsedMs: number) => void;
}

/**
 * Drops the named read models and replays the whole history into them, one after the other. The
 * write side's state in the read store (WRITE_SIDE_LOOKUPS: credentials, token owners, outboxes) is
 * no read model: the runner refuses any projection that owns or writes it, so it is left as it is.
 */
export async function rebuildReadModels(names: readonly string[], options: ReadModelRebuildOptions): Promise<void> {
  const runner = new ProjectionRunner({
    eventStore: options.eventStore,
    readStore: options.readStore,
    projections: options.projections,
    writeSideCollections: WRITE_SIDE_COLLECTIONS,
  });
  try {
    for (const name of names) {
      const started = Date.now();
      await runner.rebuild(name);
      options.onRebuilt?.(name, runner.position, Date.now() - started);
    }
  } finally {
    await runner.stop();
  }
}
