import { Command } from '@nestjs/cqrs';
import type { Principal } from '@beacon/platform';

export interface ImpersonationLink {
  readonly token: string;
  readonly expiresAt: Date;
  readonly position: number;
}

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
