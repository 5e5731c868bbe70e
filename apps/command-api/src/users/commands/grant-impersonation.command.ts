import { Command } from '@nestjs/cqrs';
import type { ImpersonationLink } from './grant-impersonation.handler';
import type { Principal } from '@beacon/platform';

/** Sent on the CommandBus; GrantImpersonationHandler carries it out (its comment has the rules). */
export class GrantImpersonationCommand extends Command<ImpersonationLink> {
  constructor(
    readonly principal: Principal,
    readonly userId: string,
    readonly now: Date,
  ) {
    super();
  }
}
