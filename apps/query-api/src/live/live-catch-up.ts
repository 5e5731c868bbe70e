import type { LiveUpdate } from '@beacon/contracts';
import type { EventStore } from '@beacon/event-store';
import { replayedLiveUpdates, type ProjectionDefinition } from '@beacon/projections';
import type { ReadStore } from '@beacon/read-store';

export interface CatchUpLimits {
  /** How many events a reconnecting client may have missed before it is told to reload instead. */
  readonly maxEvents: number;
  /** Events read, and their updates sent, at a time: all that one reconnect holds in memory. */
  readonly pageSize: number;
}

export const CATCH_UP_LIMITS: CatchUpLimits = { maxEvents: 10_000, pageSize: 500 };

export interface CatchUpSource {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly projections: readonly ProjectionDefinition[];
}

/** Where the missed updates go, as they are rebuilt. */
export interface CatchUpTarget {
  /** One page's updates, in event order. */
  send(updates: readonly LiveUpdate[]): void;
  /** The client missed more than the limit; what it was already sent is superseded by a reload. */
  resync(): void;
}

/**
 * Replays one tenant's live updates after `fromPosition`, rebuilt from the event history a page at
 * a time: each page is sent before the next is read, so a client asking from position 1 costs one
 * page of memory and at most `maxEvents` events of reading, then a resync. It stops at the head
 * the store had when it began; later events reach the client live (it joined its rooms before).
 * The events are not applied again: projections build their updates from their documents as they
 * now stand, so a reconnecting console gets the latest state.
 */
export async function catchUp(
  source: CatchUpSource,
  tenantId: string,
  fromPosition: number,
  target: CatchUpTarget,
  limits: CatchUpLimits = CATCH_UP_LIMITS,
): Promise<void> {
  const head = await source.eventStore.headPosition();
  let position = fromPosition;
  let scanned = 0;
  while (position < head) {
    const page = await source.eventStore.readAll({ fromPosition: position, maxCount: limits.pageSize });
    if (!page.length) return;
    scanned += page.length;
    if (scanned > limits.maxEvents) return target.resync();
    const updates: LiveUpdate[] = [];
    for (const event of page) {
      if (event.position > head) break;
      if (event.metadata.tenantId === tenantId) updates.push(...(await replayedLiveUpdates(source.readStore, source.projections, event)));
    }
    if (updates.length) target.send(updates);
    position = page[page.length - 1]!.position;
  }
}
