import { Command } from '@nestjs/cqrs';

/** Sent on the CommandBus; ImpersonatedSignInHandler carries it out (its comment has the rules). */
export class ImpersonatedSignInCommand extends Command<{ key: string; position: number }> {
  constructor(
    readonly token: string,
    readonly now: Date,
  ) {
    super();
  }
}
