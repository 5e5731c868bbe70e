import { Command } from '@nestjs/cqrs';
import type { ChangeScenarioRequestSchema } from '@beacon/contracts';
import type { ScenarioEvent, ScenarioState } from '@beacon/domain';
import type { CommandOutcome, Principal } from '@beacon/platform';
import type { z } from 'zod';

/** A change (the fields sent) or the delete of a kept message; ExistingScenarioHandler carries it out. */
export class ExistingScenarioCommand extends Command<CommandOutcome<ScenarioEvent, ScenarioState>> {
  constructor(
    readonly principal: Principal,
    readonly scenarioId: string,
    readonly change: z.output<typeof ChangeScenarioRequestSchema> | 'delete',
    readonly commandId?: string,
  ) {
    super();
  }
}
