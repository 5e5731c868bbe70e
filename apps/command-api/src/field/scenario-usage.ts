import { Inject, Injectable } from '@nestjs/common';
import { READ_MODELS, SCENARIOS_PROJECTION } from '@beacon/contracts';
import { conflict } from '@beacon/domain';
import type { EventStore } from '@beacon/event-store';
import { EVENT_STORE, PLATFORM_CONFIG, READ_STORE, type PlatformConfig } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';

const POLL_MS = 20;

/**
 * How many messages (scenarios) use a contact field or one of its options (a device of the field, a
 * select criterion naming the option), which a field or option must not be deleted while any does:
 * from the scenarios read model once it has caught up with everything appended before the question,
 * so a message saved a moment ago counts.
 */
@Injectable()
export class ScenarioUsage {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  async ofField(rootId: string, fieldId: string): Promise<number> {
    return this.count(rootId, { field_ids: fieldId });
  }

  async ofOption(rootId: string, optionId: string): Promise<number> {
    return this.count(rootId, { option_ids: optionId });
  }

  private async count(rootId: string, filter: Record<string, string>): Promise<number> {
    await this.caughtUp(await this.eventStore.headPosition());
    return this.readStore.scope(rootId).collection(READ_MODELS.scenarios).count(filter);
  }

  private async caughtUp(position: number): Promise<void> {
    const deadline = Date.now() + this.config.readPositionWaitMs;
    while ((await this.readStore.getCheckpoint(SCENARIOS_PROJECTION)) < position) {
      if (Date.now() >= deadline) throw conflict('Messages are still being brought up to date. Try again in a moment.');
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}
