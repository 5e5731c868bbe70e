import { Command } from '@nestjs/cqrs';
import type { CreateScenarioRequestSchema } from '@beacon/contracts';
import type { ScenarioEvent, ScenarioState } from '@beacon/domain';
import type { CommandOutcome, Principal } from '@beacon/platform';
import type { z } from 'zod';

/** Sent on the CommandBus; CreateScenarioHandler carries it out. */
export class CreateScenarioCommand extends Command<CommandOutcome<ScenarioEvent, ScenarioState>> {
  constructor(
    readonly principal: Principal,
    readonly input: z.output<typeof CreateScenarioRequestSchema>,
    readonly commandId?: string,
  ) {
    super();
  }
}
