import { Command } from '@nestjs/cqrs';
import type { CustomerGroupEvent, CustomerGroupState, CustomerGroupSettings } from '@beacon/domain';
import type { CommandOutcome, Principal } from '@beacon/platform';

/** Sent on the CommandBus; ChangeConferenceSettingsHandler carries it out (its comment has the rules). */
export class ChangeConferenceSettingsCommand extends Command<CommandOutcome<CustomerGroupEvent, CustomerGroupState>> {
  constructor(
    readonly principal: Principal,
    readonly customerGroupId: string,
    readonly conference: CustomerGroupSettings['conference'],
    readonly commandId?: string,
  ) {
    super();
  }
}
