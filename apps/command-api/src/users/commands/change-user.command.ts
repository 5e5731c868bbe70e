import { Command } from '@nestjs/cqrs';
import type { ChangeUserRequestSchema } from '@beacon/contracts';
import type { RegisteredUser } from '@beacon/domain';
import type { Principal } from '@beacon/platform';
import type { z } from 'zod';

export interface ChangedUser {
  readonly position: number;
  readonly user: RegisteredUser;
}

/** Sent on the CommandBus; ChangeUserHandler carries it out (its comment has the rules). */
export class ChangeUserCommand extends Command<ChangedUser> {
  constructor(
    readonly principal: Principal,
    readonly userId: string,
    readonly input: z.output<typeof ChangeUserRequestSchema>,
    readonly commandId?: string,
  ) {
    super();
  }
}
