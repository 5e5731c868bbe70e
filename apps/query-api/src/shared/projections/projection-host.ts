import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Bus } from '@beacon/bus';
import type { EventStore } from '@beacon/event-store';
import { BUS, EVENT_STORE, PLATFORM_CONFIG, READ_STORE, WRITE_SIDE_COLLECTIONS, type PlatformConfig } from '@beacon/platform';
import { ensureProjectionIndexes, ProjectionRunner, type ParkedEventDocument } from '@beacon/projections';
import { SYSTEM_TENANT, type ReadStore } from '@beacon/read-store';
import { PARKED_EVENT_LOG, PROJECTIONS, type ParkedEventLog, type Projections } from './projection-tokens';

/** Leases are renewed three times per lifetime, so a slow store call never loses one. */
const RENEWALS_PER_LEASE = 3;
/** The longest a background read model waits for the others before it applies its next batch anyway. */
export const BACKGROUND_MAX_WAIT_MS = 10_000;
/** How often it looks whether the others have caught up. */
const BACKGROUND_LOOK_MS = 50;
/** How long nothing must be appended before it counts the store as quiet. */
const BACKGROUND_QUIET_MS = 250;
/**
 * Events a background batch may hold: as many as the others' (each batch is one transaction, which the
 * process waits for), so what piled up while it waited comes in a few batches, in each of which the store
 * writes a document once (a person's line made by the plan and moved by the answer: one write).
 */
const BACKGROUND_BATCH_SIZE = 500;

/**
 * Runs the query API's projections for the life of the process: those whose lease this node
 * holds (each projection runs on one node at a time), reading the others' progress. The background
 * ones (ProjectionDefinition.background: the reports) run on a runner of their own, which applies a
 * batch once the store is quiet and the others have caught up with it, or after BACKGROUND_MAX_WAIT_MS:
 * a large broadcast's report trails it by seconds instead of slowing it, and what piled up meanwhile
 * comes in one batch that writes each document once. `runner` (what read-your-writes and the planners
 * wait for) runs the others.
 */
@Injectable()
export class ProjectionHost implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly runner: ProjectionRunner;
  readonly background: ProjectionRunner;
  private readonly logger = new Logger('Projections');
  /** The store's head when last looked at, and when it was last seen to move. */
  private lastHead = -1;
  private lastAppendSeen = 0;

  constructor(
    @Inject(EVENT_STORE) eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(BUS) bus: Bus,
    @Inject(PLATFORM_CONFIG) config: PlatformConfig,
    @Inject(PROJECTIONS) private readonly projections: Projections,
    @Inject(PARKED_EVENT_LOG) private readonly parkedEvents: ParkedEventLog,
  ) {
    const runnerOf = (chosen: Projections, background?: { yieldTo: () => Promise<void>; maxBatchSize: number }) =>
      new ProjectionRunner({
        eventStore,
        readStore,
        bus,
        projections: chosen,
        writeSideCollections: WRITE_SIDE_COLLECTIONS,
        lease: { holder: config.projectionLeaseHolder, ttlMs: config.projectionLeaseMs },
        tickMs: Math.max(50, Math.floor(config.projectionLeaseMs / RENEWALS_PER_LEASE)),
        onError: (error) => this.logger.error(`Projections will try again: ${error instanceof Error ? error.stack : String(error)}`),
        onParked: (parked) => this.onParked(parked),
        ...background,
      });
    this.runner = runnerOf(projections.filter((projection) => !projection.background));
    this.background = runnerOf(
      projections.filter((projection) => projection.background),
      { yieldTo: () => this.othersCaughtUp(eventStore), maxBatchSize: BACKGROUND_BATCH_SIZE },
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    await ensureProjectionIndexes(this.readStore, this.projections);
    await this.runner.start();
    await this.background.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.background.stop();
    await this.runner.stop();
  }

  /**
   * Resolves once the store has been quiet for BACKGROUND_QUIET_MS with the other projections at its head
   * (no send under way: a broadcast appends all the time), or after BACKGROUND_MAX_WAIT_MS whatever.
   */
  private async othersCaughtUp(eventStore: EventStore): Promise<void> {
    const until = Date.now() + BACKGROUND_MAX_WAIT_MS;
    for (;;) {
      const head = await eventStore.headPosition();
      if (head !== this.lastHead) [this.lastHead, this.lastAppendSeen] = [head, Date.now()];
      if (this.runner.position >= head && Date.now() - this.lastAppendSeen >= BACKGROUND_QUIET_MS) return;
      if (Date.now() >= until) return;
      await new Promise((resolve) => setTimeout(resolve, BACKGROUND_LOOK_MS));
    }
  }

  /** Logged for operators, and a line in the organisation's activity log for its admins. */
  private async onParked(parked: ParkedEventDocument): Promise<void> {
    this.logger.warn(`Parked event ${parked.position} (${parked.event_type}) for ${parked.projection}: ${parked.error}`);
    if (parked.tenant_id === SYSTEM_TENANT) return;
    await this.parkedEvents.record(parked);
  }
}
