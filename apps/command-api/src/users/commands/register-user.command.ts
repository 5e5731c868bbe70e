import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '@beacon/platform';
import type { RegisterUserInput } from './register-user.handler';

/** Sent on the CommandBus; RegisterUserHandler carries it out (its comment has the rules). */
export class RegisterUserCommand extends Command<number> {
  constructor(
    readonly input: RegisterUserInput,
    readonly context: CommandContext & { commandId: string },
  ) {
    super();
  }
}
