import { Command } from '@nestjs/cqrs';

export interface ResetPasswordInput {
  readonly uid: string;
  readonly token: string;
  readonly new_password1: string;
  readonly new_password2: string;
}

/** Sent on the CommandBus; ResetPasswordHandler carries it out (its comment has the rules). */
export class ResetPasswordCommand extends Command<number> {
  constructor(
    readonly input: ResetPasswordInput,
    readonly now: Date,
  ) {
    super();
  }
}
