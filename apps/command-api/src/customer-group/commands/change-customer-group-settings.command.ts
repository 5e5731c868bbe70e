import { Command } from '@nestjs/cqrs';
import type { CustomerGroupEvent, CustomerGroupState, CustomerGroupSettingsChange } from '@beacon/domain';
import type { CommandOutcome, Principal } from '@beacon/platform';

/** Sent on the CommandBus; ChangeCustomerGroupSettingsHandler carries it out (its comment has the rules). */
export class ChangeCustomerGroupSettingsCommand extends Command<CommandOutcome<CustomerGroupEvent, CustomerGroupState>> {
  constructor(
    readonly principal: Principal,
    readonly customerGroupId: string,
    readonly settings: CustomerGroupSettingsChange,
    readonly commandId?: string,
  ) {
    super();
  }
}
