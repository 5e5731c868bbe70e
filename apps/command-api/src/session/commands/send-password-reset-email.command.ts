import { Command } from '@nestjs/cqrs';

/**
 * Sent by PasswordResetSaga once a reset was recorded (UserPasswordResetRequested);
 * SendPasswordResetEmailHandler carries it out (its comment has the rules).
 */
export class SendPasswordResetEmailCommand extends Command<void> {
  constructor(
    readonly userId: string,
    /** The grant the user's events gave the reset link. */
    readonly resetId: string,
    /** When the link stops working (ISO), as recorded. */
    readonly expiresAt: string,
    readonly now: Date,
  ) {
    super();
  }
}
