import { Command } from '@nestjs/cqrs';
import type { AuditSettings, CustomerGroupEvent, CustomerGroupState } from '@beacon/domain';
import type { CommandOutcome, Principal } from '@beacon/platform';

/** Sent on the CommandBus; ChangeAuditSettingsHandler carries it out (its comment has the rules). */
export class ChangeAuditSettingsCommand extends Command<CommandOutcome<CustomerGroupEvent, CustomerGroupState>> {
  constructor(
    readonly principal: Principal,
    readonly customerGroupId: string,
    readonly audit: AuditSettings,
    readonly commandId?: string,
  ) {
    super();
  }
}
