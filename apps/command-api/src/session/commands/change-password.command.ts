import { Command } from '@nestjs/cqrs';
import type { Principal } from '@beacon/platform';

export interface ChangePasswordInput {
  readonly old_password: string;
  readonly new_password1: string;
  readonly new_password2: string;
}

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
