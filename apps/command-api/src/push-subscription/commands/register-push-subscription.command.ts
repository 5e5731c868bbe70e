import { Command } from '@nestjs/cqrs';
import type { PushSubscriptionKeys } from '@beacon/domain';
import type { Principal } from '@beacon/platform';

/** Sent on the CommandBus; RegisterPushSubscriptionHandler carries it out (its comment has the rules). Answers the browser's id and the position. */
export class RegisterPushSubscriptionCommand extends Command<{ id: string; position: number }> {
  constructor(
    readonly principal: Principal,
    readonly endpoint: string,
    readonly keys: PushSubscriptionKeys,
    readonly now: Date,
    readonly commandId?: string,
  ) {
    super();
  }
}
