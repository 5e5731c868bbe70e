import { Command } from '@nestjs/cqrs';
import type { Principal } from '@beacon/platform';

/** Sent on the CommandBus; EnableTwoFactorHandler carries it out (its comment has the rules). */
export class EnableTwoFactorCommand extends Command<number> {
  constructor(
    readonly principal: Principal,
    readonly code: string,
    readonly now: Date,
  ) {
    super();
  }
}
