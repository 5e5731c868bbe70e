import { Command } from '@nestjs/cqrs';
import type { CustomerGroupState } from '@beacon/domain';
import type { Principal } from '@beacon/platform';

export interface CustomerGroupDetailsInput {
  readonly name?: unknown;
  readonly should_use_autologout?: unknown;
  readonly brand_login_url?: unknown;
}

export interface CustomerGroupDetailsOutcome {
  /** Position of the last event appended (or the store's head when nothing changed). */
  readonly position: number;
  readonly group: CustomerGroupState & { status: 'active' };
}

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
