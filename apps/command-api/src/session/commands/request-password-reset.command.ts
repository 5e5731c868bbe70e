import { Command } from '@nestjs/cqrs';

/** Sent on the CommandBus; RequestPasswordResetHandler carries it out (its comment has the rules). */
export class RequestPasswordResetCommand extends Command<void> {
  constructor(
    readonly email: string,
    readonly now: Date,
  ) {
    super();
  }
}
