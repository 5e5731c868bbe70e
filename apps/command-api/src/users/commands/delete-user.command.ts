import { Command } from '@nestjs/cqrs';
import type { Principal } from '@beacon/platform';

/** Sent on the CommandBus; DeleteUserHandler carries it out (its comment has the rules). */
export class DeleteUserCommand extends Command<number> {
  constructor(
    readonly principal: Principal,
    readonly userId: string,
    readonly commandId?: string,
  ) {
    super();
  }
}
