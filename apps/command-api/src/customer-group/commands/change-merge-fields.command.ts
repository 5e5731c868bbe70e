import { Command } from '@nestjs/cqrs';
import type { CustomerGroupEvent, CustomerGroupState } from '@beacon/domain';
import type { CommandOutcome, Principal } from '@beacon/platform';

export interface MergeFieldChoice {
  readonly id: string;
  readonly merge_field_enabled: boolean;
}

/** Sent on the CommandBus; ChangeMergeFieldsHandler carries it out (its comment has the rules). */
export class ChangeMergeFieldsCommand extends Command<CommandOutcome<CustomerGroupEvent, CustomerGroupState>> {
  constructor(
    readonly principal: Principal,
    readonly customerGroupId: string,
    readonly fieldData: readonly MergeFieldChoice[],
    readonly commandId?: string,
  ) {
    super();
  }
}
