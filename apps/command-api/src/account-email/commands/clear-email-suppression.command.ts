import { Command } from '@nestjs/cqrs';
import type { Principal } from '@beacon/platform';

/** Sent on the CommandBus; ClearEmailSuppressionHandler carries it out (its comment has the rules). Answers the position. */
export class ClearEmailSuppressionCommand extends Command<number> {
  constructor(
    readonly principal: Principal,
    readonly userId: string,
    readonly now: Date,
    readonly commandId?: string,
  ) {
    super();
  }
}
