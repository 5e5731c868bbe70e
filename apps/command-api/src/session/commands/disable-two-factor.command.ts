import { Command } from '@nestjs/cqrs';
import type { Principal } from '@beacon/platform';

/** Sent on the CommandBus; DisableTwoFactorHandler carries it out (its comment has the rules). */
export class DisableTwoFactorCommand extends Command<number> {
  constructor(
    readonly principal: Principal,
    readonly password: string,
    readonly now: Date,
  ) {
    super();
  }
}
