import { Command } from '@nestjs/cqrs';
import type { CustomerGroupEvent, CustomerGroupState } from '@beacon/domain';
import type { CommandOutcome, Principal } from '@beacon/platform';

/** Sent on the CommandBus; ChangeAudioNoticeboardHandler carries it out (its comment has the rules). */
export class ChangeAudioNoticeboardCommand extends Command<CommandOutcome<CustomerGroupEvent, CustomerGroupState>> {
  constructor(
    readonly principal: Principal,
    readonly phoneNumber: string,
    readonly message: string,
    readonly commandId?: string,
  ) {
    super();
  }
}
