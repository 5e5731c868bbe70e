import { Command } from '@nestjs/cqrs';

/**
 * Sent by WelcomeEmailSaga once a welcome link was recorded (UserWelcomeEmailIssued);
 * SendWelcomeEmailHandler carries it out (its comment has the rules).
 */
export class SendWelcomeEmailCommand extends Command<void> {
  constructor(
    readonly userId: string,
    /** The grant the user's events gave the welcome link. */
    readonly invitationId: string,
    /** When the link stops working (ISO), as recorded. */
    readonly expiresAt: string,
    readonly approved: boolean,
    readonly now: Date,
  ) {
    super();
  }
}
