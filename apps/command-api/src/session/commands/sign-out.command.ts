import { Command } from '@nestjs/cqrs';
import type { Principal } from '@beacon/platform';

/** Sent on the CommandBus; SignOutHandler carries it out (its comment has the rules). */
export class SignOutCommand extends Command<number> {
  constructor(
    readonly principal: Principal,
    readonly inactivity: boolean,
    readonly now: Date,
  ) {
    super();
  }
}
