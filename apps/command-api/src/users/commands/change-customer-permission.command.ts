import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@beacon/platform';
import type { CustomerPermission } from '@beacon/domain';

/** Sent on the CommandBus; ChangeCustomerPermissionHandler carries it out (its comment has the rules). */
export class ChangeCustomerPermissionCommand extends Command<number> {
  constructor(
    readonly userId: string,
    readonly customerPermission: CustomerPermission,
    readonly context: CommandContext,
  ) {
    super();
  }
}
