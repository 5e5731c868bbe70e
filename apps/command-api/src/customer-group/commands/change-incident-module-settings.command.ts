import { Command } from '@nestjs/cqrs';
import type { ChangeIncidentModuleSettingsRequestSchema } from '@beacon/contracts';
import type { CustomerGroupEvent } from '@beacon/domain';
import type { Principal, CommandOutcome } from '@beacon/platform';
import type { z } from 'zod';

export type IncidentModuleSettingsInput = z.output<typeof ChangeIncidentModuleSettingsRequestSchema>;

/** Sent on the CommandBus; ChangeIncidentModuleSettingsHandler carries it out (its comment has the rules). */
export class ChangeIncidentModuleSettingsCommand extends Command<CommandOutcome<CustomerGroupEvent>> {
  constructor(
    readonly principal: Principal,
    readonly customerGroupId: string,
    readonly input: IncidentModuleSettingsInput,
    readonly commandId?: string,
  ) {
    super();
  }
}
