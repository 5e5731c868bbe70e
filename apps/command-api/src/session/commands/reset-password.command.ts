import { Command } from '@nestjs/cqrs';
import type { ResetPasswordInput } from './reset-password.handler';

/** Sent on the CommandBus; ResetPasswordHandler carries it out (its comment has the rules). */
export class ResetPasswordCommand extends Command<number> {
  constructor(
    readonly input: ResetPasswordInput,
    readonly now: Date,
  ) {
    super();
  }
}
