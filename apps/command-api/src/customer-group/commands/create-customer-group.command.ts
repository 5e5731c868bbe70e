import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@beacon/platform';
import type { NewCustomerGroup } from './create-customer-group.handler';

/** Sent on the CommandBus; CreateCustomerGroupHandler carries it out (its comment has the rules). */
export class CreateCustomerGroupCommand extends Command<number> {
  constructor(
    readonly group: NewCustomerGroup,
    readonly context: CommandContext,
  ) {
    super();
  }
}
