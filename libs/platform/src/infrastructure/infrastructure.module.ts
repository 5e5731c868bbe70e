import { mkdirSync } from 'node:fs';
import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { CqrsModule, EventBus } from '@nestjs/cqrs';
import { createBus, type Bus } from '@beacon/bus';
import { createEventStore, type EventStore } from '@beacon/event-store';
import { createFileStorage, FILE_STORAGE } from '@beacon/file-storage';
import { createReadStore, type ReadStore } from '@beacon/read-store';
import type { PlatformConfig } from '../config/platform-config';
import { publishingEventStore } from '../events/publishing-event-store';
import { createRateLimitStore, RATE_LIMIT_STORE, type RateLimitStore } from '@beacon/rate-limits';
import { BUS, EVENT_STORE, PLATFORM_CONFIG, READ_STORE } from './tokens';

class InfrastructureLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(BUS) private readonly bus: Bus,
    @Inject(RATE_LIMIT_STORE) private readonly rateLimits: RateLimitStore,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.rateLimits.close();
    await this.bus.close();
    await this.readStore.close();
    await this.eventStore.close();
  }
}

/**
 * Provides the event store, read store and bus chosen by configuration: EventStoreDB, MongoDB and
 * Kafka when their URLs are set, otherwise the embedded SQLite adapters under DATA_DIR; uploaded files
 * on disk under DATA_DIR/uploads; rate-limit counts in MongoDB or DATA_DIR/rate-limits.sqlite.
 */
@Global()
@Module({})
export class InfrastructureModule {
  static forRoot(config: PlatformConfig): DynamicModule {
    mkdirSync(config.dataDir, { recursive: true });
    return {
      module: InfrastructureModule,
      // The command, query and event buses of the process (global): handlers of every feature module register on them.
      imports: [CqrsModule.forRoot()],
      providers: [
        { provide: PLATFORM_CONFIG, useValue: config },
        {
          provide: EVENT_STORE,
          useFactory: async (eventBus: EventBus) =>
            publishingEventStore(await createEventStore({ eventstoreUrl: config.eventstoreUrl, sqlitePath: config.eventStorePath }), eventBus),
          inject: [EventBus],
        },
        {
          provide: READ_STORE,
          useFactory: () =>
            createReadStore({ mongoUrl: config.mongoUrl, mongoDatabase: config.mongoDatabase, sqlitePath: config.readStorePath }),
        },
        {
          provide: BUS,
          useFactory: () => createBus({ kafkaBrokers: config.kafkaBrokers, clientId: `beacon-${config.nodeId}`, sqlitePath: config.busPath, topicPrefix: config.busTopicPrefix }),
        },
        { provide: FILE_STORAGE, useFactory: () => createFileStorage({ dataDir: config.dataDir }) },
        {
          provide: RATE_LIMIT_STORE,
          useFactory: () =>
            createRateLimitStore({ mongoUrl: config.mongoUrl, mongoDatabase: config.mongoDatabase, sqlitePath: config.rateLimitsPath }),
        },
        InfrastructureLifecycle,
      ],
      exports: [PLATFORM_CONFIG, EVENT_STORE, READ_STORE, BUS, FILE_STORAGE, RATE_LIMIT_STORE],
    };
  }
}
