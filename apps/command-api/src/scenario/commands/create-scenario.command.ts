import { Command } from '@nestjs/cqrs';
import type { ScenarioDraft, ScenarioEvent, ScenarioState } from '@beacon/domain';
import type { CommandOutcome, Principal } from '@beacon/platform';

/** Sent on the CommandBus; CreateScenarioHandler carries it out. */
export class CreateScenarioCommand extends Command<CommandOutcome<ScenarioEvent, ScenarioState>> {
  constructor(
    readonly principal: Principal,
    /** The fields sent (as the request schema parsed them), and the group. */
    readonly input: Partial<ScenarioDraft> & { readonly customer_group?: string },
    readonly commandId?: string,
  ) {
    super();
  }
}
