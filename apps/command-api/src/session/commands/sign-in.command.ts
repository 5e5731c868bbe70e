import { Command } from '@nestjs/cqrs';
import type { SignInResult } from './sign-in.handler';

/** Sent on the CommandBus; SignInHandler carries it out (its comment has the rules). */
export class SignInCommand extends Command<SignInResult> {
  constructor(
    readonly email: string,
    readonly password: string,
    readonly clientAddress: string,
    readonly now: Date,
  ) {
    super();
  }
}
