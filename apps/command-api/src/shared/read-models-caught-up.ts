import { Inject, Injectable } from '@nestjs/common';
import { conflict } from '@beacon/domain';
import type { EventStore } from '@beacon/event-store';
import { EVENT_STORE, PLATFORM_CONFIG, READ_STORE, type PlatformConfig } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';

const POLL_MS = 20;

/**
 * A write that decides on read models (a name taken, a field in use, the groups below) waits until
 * their projections have caught up with everything appended before it asked, so what a caller did a
 * moment before always counts. Bounded by READ_POSITION_WAIT_MS.
 */
@Injectable()
export class ReadModelsCaughtUp {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  /**
   * Waits for the projections to reach `position` (default the store's head); past the wait, a 409
   * saying `stillBehind`, or with `orGoOn` nothing (for advice that may read what there is).
   */
  async with(
    projections: readonly string[],
    stillBehind: string,
    options: { readonly position?: number; readonly maxWaitMs?: number; readonly orGoOn?: boolean } = {},
  ): Promise<void> {
    const position = options.position ?? (await this.eventStore.headPosition());
    const deadline = Date.now() + Math.min(options.maxWaitMs ?? Number.POSITIVE_INFINITY, this.config.readPositionWaitMs);
    for (;;) {
      const checkpoints = await Promise.all(projections.map((name) => this.readStore.getCheckpoint(name)));
      if (checkpoints.every((checkpoint) => checkpoint >= position)) return;
      if (Date.now() >= deadline) {
        if (options.orGoOn) return;
        throw conflict(stillBehind);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}
