import { Inject, Injectable } from '@nestjs/common';
import { READ_MODELS, SCENARIOS_PROJECTION } from '@beacon/contracts';
import { READ_STORE } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { ReadModelsCaughtUp } from '../shared/read-models-caught-up';

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
    @Inject(ReadModelsCaughtUp) private readonly caughtUp: ReadModelsCaughtUp,
  ) {}

  async ofField(rootId: string, fieldId: string): Promise<number> {
    return this.count(rootId, { field_ids: fieldId });
  }

  async ofOption(rootId: string, optionId: string): Promise<number> {
    return this.count(rootId, { option_ids: optionId });
  }

  private async count(rootId: string, filter: Record<string, string>): Promise<number> {
    await this.caughtUp.with([SCENARIOS_PROJECTION], 'Messages are still being brought up to date. Try again in a moment.');
    return this.readStore.scope(rootId).collection(READ_MODELS.scenarios).count(filter);
  }

}
