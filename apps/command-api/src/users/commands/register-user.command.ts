import { Command } from '@nestjs/cqrs';
import type { RegisterUser } from '@beacon/domain';
import type { CommandContext } from '@beacon/platform';

export interface RegisterUserInput {
  readonly user: RegisterUser['data'];
  readonly password?: string;
}

/** Sent on the CommandBus; RegisterUserHandler carries it out (its comment has the rules). */
export class RegisterUserCommand extends Command<number> {
  constructor(
    readonly input: RegisterUserInput,
    readonly context: CommandContext & { commandId: string },
  ) {
    super();
  }
}
