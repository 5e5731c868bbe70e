import { Command } from '@nestjs/cqrs';
import type { Principal } from '@beacon/platform';

/** Sent on the CommandBus; StartTwoFactorSetupHandler carries it out (its comment has the rules). */
export class StartTwoFactorSetupCommand extends Command<{ otpauthUrl: string; position: number }> {
  constructor(
    readonly principal: Principal,
    readonly now: Date,
  ) {
    super();
  }
}
