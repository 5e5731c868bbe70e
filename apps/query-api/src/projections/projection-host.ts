import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Bus } from '@beacon/bus';
import type { EventStore } from '@beacon/event-store';
import { BUS, EVENT_STORE, READ_STORE } from '@beacon/platform';
import { ProjectionRunner } from '@beacon/projections';
import type { ReadStore } from '@beacon/read-store';
import { QUERY_PROJECTIONS } from './query-projections';

/** Runs the query API's projections for the life of the process. */
@Injectable()
export class ProjectionHost implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly runner: ProjectionRunner;
  private readonly logger = new Logger('Projections');

  constructor(
    @Inject(EVENT_STORE) eventStore: EventStore,
    @Inject(READ_STORE) readStore: ReadStore,
    @Inject(BUS) bus: Bus,
  ) {
    this.runner = new ProjectionRunner({
      eventStore,
      readStore,
      bus,
      projections: QUERY_PROJECTIONS,
      onError: (error) => this.logger.error(`Projection runner stopped: ${error instanceof Error ? error.stack : String(error)}`),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.runner.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.runner.stop();
  }
}
