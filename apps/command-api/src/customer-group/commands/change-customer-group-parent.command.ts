import { Command } from '@nestjs/cqrs';
import type { CustomerGroupState } from '@beacon/domain';
import type { Principal } from '@beacon/platform';

export interface CustomerGroupParentOutcome {
  /** Position of the event appended (or the store's head when the parent did not change). */
  readonly position: number;
  readonly group: CustomerGroupState & { status: 'active' };
}

/** Sent on the CommandBus; ChangeCustomerGroupParentHandler carries it out (its comment has the rules). */
export class ChangeCustomerGroupParentCommand extends Command<CustomerGroupParentOutcome> {
  constructor(
    readonly principal: Principal,
    readonly customerGroupId: string,
    readonly parentId: string,
    readonly commandId?: string,
  ) {
    super();
  }
}
