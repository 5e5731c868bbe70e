import { Command } from '@nestjs/cqrs';
import type { Principal } from '@beacon/platform';

/** Sent on the CommandBus; DeleteCustomerGroupHandler carries it out (its comment has the rules). Answers the event's position. */
export class DeleteCustomerGroupCommand extends Command<number> {
  constructor(
    readonly principal: Principal,
    readonly customerGroupId: string,
    readonly commandId?: string,
  ) {
    super();
  }
}
