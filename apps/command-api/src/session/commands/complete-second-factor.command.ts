import { Command } from '@nestjs/cqrs';

/** Sent on the CommandBus; CompleteSecondFactorHandler carries it out (its comment has the rules). */
export class CompleteSecondFactorCommand extends Command<{ key: string; position: number }> {
  constructor(
    readonly ephemeralToken: string,
    readonly code: string,
    readonly clientAddress: string,
    readonly now: Date,
  ) {
    super();
  }
}
