import type { LiveUpdate } from '@beacon/contracts';
import type { EventStore } from '@beacon/event-store';
import { replayedLiveUpdates, type ProjectionDefinition } from '@beacon/projections';
import type { ReadStore } from '@beacon/read-store';

/** How many events a reconnecting client may have missed before it is told to reload instead. */
export const MAX_CATCH_UP_EVENTS = 10_000;
const PAGE_SIZE = 500;

export type CatchUp = { readonly kind: 'updates'; readonly updates: LiveUpdate[] } | { readonly kind: 'resync' };

/**
 * The live updates of one tenant after `fromPosition`, rebuilt from the event history. The events
 * are not applied again: projections build their updates from their documents as they now stand,
 * so a reconnecting console gets the latest state.
 */
export async function catchUp(
  eventStore: EventStore,
  readStore: ReadStore,
  projections: readonly ProjectionDefinition[],
  tenantId: string,
  fromPosition: number,
): Promise<CatchUp> {
  const updates: LiveUpdate[] = [];
  let position = fromPosition;
  for (let scanned = 0; ; ) {
    const page = await eventStore.readAll({ fromPosition: position, maxCount: PAGE_SIZE });
    if (!page.length) return { kind: 'updates', updates };
    scanned += page.length;
    if (scanned > MAX_CATCH_UP_EVENTS) return { kind: 'resync' };
    for (const event of page) {
      if (event.metadata.tenantId === tenantId) updates.push(...(await replayedLiveUpdates(readStore, projections, event)));
    }
    position = page[page.length - 1]!.position;
  }
}
