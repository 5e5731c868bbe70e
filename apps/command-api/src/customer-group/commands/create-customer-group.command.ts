import { Command } from '@nestjs/cqrs';
import type { CreateCustomerGroup } from '@beacon/domain';
import type { CommandContext } from '@beacon/platform';

export type NewCustomerGroup = Omit<CreateCustomerGroup['data'], 'ancestorIds'>;

/** Sent on the CommandBus; CreateCustomerGroupHandler carries it out (its comment has the rules). */
export class CreateCustomerGroupCommand extends Command<number> {
  constructor(
    readonly group: NewCustomerGroup,
    readonly context: CommandContext,
  ) {
    super();
  }
}
