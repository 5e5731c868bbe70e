import { Command } from '@nestjs/cqrs';
import type { Principal } from '@beacon/platform';

/** Sent on the CommandBus; RemovePushSubscriptionHandler carries it out. Answers the position. */
export class RemovePushSubscriptionCommand extends Command<number> {
  constructor(
    readonly principal: Principal,
    readonly endpoint: string,
    readonly now: Date,
    readonly commandId?: string,
  ) {
    super();
  }
}
