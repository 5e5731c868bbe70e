import { Command } from '@nestjs/cqrs';
import type { Principal } from '@beacon/platform';

export interface ReissuedWelcomeEmail {
  readonly position: number;
  /** When the new link stops working (ISO). */
  readonly expiresAt: string;
}

/** Sent on the CommandBus; ReissueWelcomeEmailHandler carries it out (its comment has the rules). */
export class ReissueWelcomeEmailCommand extends Command<ReissuedWelcomeEmail> {
  constructor(
    readonly principal: Principal,
    readonly userId: string,
    /** is_aproved=true: the email says the account was approved. */
    readonly approved: boolean,
    readonly now: Date,
    readonly commandId?: string,
  ) {
    super();
  }
}
