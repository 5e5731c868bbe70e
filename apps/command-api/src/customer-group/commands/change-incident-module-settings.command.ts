import { Command } from '@nestjs/cqrs';
import type { CustomerGroupEvent } from '@beacon/domain';
import type { Principal, CommandOutcome } from '@beacon/platform';

export interface IncidentModuleSettingsInput {
  readonly module_name: unknown;
  readonly module_name_plural: unknown;
}

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
