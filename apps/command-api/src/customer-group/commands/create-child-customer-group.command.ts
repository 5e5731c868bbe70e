import { Command } from '@nestjs/cqrs';
import type { CreateCustomerGroupRequestSchema } from '@beacon/contracts';
import type { CustomerGroupState } from '@beacon/domain';
import type { Principal } from '@beacon/platform';
import type { z } from 'zod';

export type ChildCustomerGroupInput = z.output<typeof CreateCustomerGroupRequestSchema>;

export interface ChildCustomerGroupOutcome {
  readonly position: number;
  readonly group: CustomerGroupState & { status: 'active' };
  /** The root group's feature permissions, which the new group inherits. */
  readonly rootPermissions: readonly string[];
}

/** Sent on the CommandBus; CreateChildCustomerGroupHandler carries it out (its comment has the rules). */
export class CreateChildCustomerGroupCommand extends Command<ChildCustomerGroupOutcome> {
  constructor(
    readonly principal: Principal,
    readonly input: ChildCustomerGroupInput,
    readonly commandId?: string,
  ) {
    super();
  }
}
