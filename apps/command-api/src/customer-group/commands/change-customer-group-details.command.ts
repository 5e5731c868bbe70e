import { Command } from '@nestjs/cqrs';
import type { ChangeCustomerGroupRequestSchema } from '@beacon/contracts';
import type { CustomerGroupState } from '@beacon/domain';
import type { Principal } from '@beacon/platform';
import type { z } from 'zod';

/** The fields the request sent (parsed by ChangeCustomerGroupRequestSchema); those left out stay as they are. */
export type CustomerGroupDetailsInput = Omit<z.output<typeof ChangeCustomerGroupRequestSchema>, 'id'>;

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
