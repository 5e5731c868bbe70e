import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Bus } from '@beacon/bus';
import type { EventStore } from '@beacon/event-store';
import { BUS, EVENT_STORE, PLATFORM_CONFIG, READ_STORE, WRITE_SIDE_COLLECTIONS, type PlatformConfig } from '@beacon/platform';
import { ensureProjectionIndexes, ProjectionRunner, type ParkedEventDocument } from '@beacon/projections';
import { SYSTEM_TENANT, type ReadStore } from '@beacon/read-store';
import { PARKED_EVENT_LOG, PROJECTIONS, type ParkedEventLog, type Projections } from './projection-tokens';

/** Leases are renewed three times per lifetime, so a slow store call never loses one. */
const RENEWALS_PER_LEASE = 3;

/**
 * Runs the query API's projections for the life of the process: those whose lease this node
 * holds (each projection runs on one node at a time), reading the others' progress.
 */
@Injectable()
export class ProjectionHost implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly runner: ProjectionRunner;
  private readonly logger = new Logger('Projections');

  constructor(
    @Inject(EVENT_STORE) eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(BUS) bus: Bus,
    @Inject(PLATFORM_CONFIG) config: PlatformConfig,
    @Inject(PROJECTIONS) private readonly projections: Projections,
    @Inject(PARKED_EVENT_LOG) private readonly parkedEvents: ParkedEventLog,
  ) {
    this.runner = new ProjectionRunner({
      eventStore,
      readStore,
      bus,
      projections,
      writeSideCollections: WRITE_SIDE_COLLECTIONS,
      lease: { holder: config.projectionLeaseHolder, ttlMs: config.projectionLeaseMs },
      tickMs: Math.max(50, Math.floor(config.projectionLeaseMs / RENEWALS_PER_LEASE)),
      onError: (error) => this.logger.error(`Projections will try again: ${error instanceof Error ? error.stack : String(error)}`),
      onParked: (parked) => this.onParked(parked),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await ensureProjectionIndexes(this.readStore, this.projections);
    await this.runner.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.runner.stop();
  }

  /** Logged for operators, and a line in the organisation's activity log for its admins. */
  private async onParked(parked: ParkedEventDocument): Promise<void> {
    this.logger.warn(`Parked event ${parked.position} (${parked.event_type}) for ${parked.projection}: ${parked.error}`);
    if (parked.tenant_id === SYSTEM_TENANT) return;
    await this.parkedEvents.record(parked);
  }
}
