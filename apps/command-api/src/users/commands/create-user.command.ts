import { Command } from '@nestjs/cqrs';
import type { CreateUserRequestSchema } from '@beacon/contracts';
import type { RegisteredUser } from '@beacon/domain';
import type { Principal } from '@beacon/platform';
import type { z } from 'zod';

export interface CreatedUser {
  readonly position: number;
  readonly user: RegisteredUser;
}

/** Sent on the CommandBus; CreateUserHandler carries it out (its comment has the rules). */
export class CreateUserCommand extends Command<CreatedUser> {
  constructor(
    readonly principal: Principal,
    readonly input: z.output<typeof CreateUserRequestSchema>,
    readonly commandId?: string,
    /** Whether the new user gets the welcome email (the demo tenant's people do not). */
    readonly welcome = true,
  ) {
    super();
  }
}
