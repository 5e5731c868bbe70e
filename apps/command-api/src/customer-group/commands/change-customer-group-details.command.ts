import { Command } from '@nestjs/cqrs';
import type { Principal } from '@beacon/platform';
import type { CustomerGroupDetailsInput, CustomerGroupDetailsOutcome } from './change-customer-group-details.handler';

/** Sent on the CommandBus; ChangeCustomerGroupDetailsHandler carries it out (its comment has the rules). */
export class ChangeCustomerGroupDetailsCommand extends Command<CustomerGroupDetailsOutcome> {
  constructor(
    readonly principal: Principal,
    readonly customerGroupId: string,
    readonly input: CustomerGroupDetailsInput,
    readonly commandId?: string,
  ) {
    super();
  }
}
