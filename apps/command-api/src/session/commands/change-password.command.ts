import { Command } from '@nestjs/cqrs';
import type { Principal } from '@beacon/platform';
import type { ChangePasswordInput } from './change-password.handler';

/** Sent on the CommandBus; ChangePasswordHandler carries it out (its comment has the rules). */
export class ChangePasswordCommand extends Command<number> {
  constructor(
    readonly principal: Principal,
    readonly input: ChangePasswordInput,
    readonly now: Date,
  ) {
    super();
  }
}
