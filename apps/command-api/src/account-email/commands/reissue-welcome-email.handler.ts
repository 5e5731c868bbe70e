import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { validationError, type RegisteredUser, type Suppression } from '@beacon/domain';
import { PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';
import { UserCommands } from '../../shared/accounts/user-commands';
import { UserLookup } from '../../shared/accounts/user-lookup';
import { EmailSuppressions } from '../../shared/email/email-suppressions';
import { ReissueWelcomeEmailCommand, type ReissuedWelcomeEmail } from './reissue-welcome-email.command';

export const suppressedAddressMessage = (email: string, suppression: Suppression) =>
  `Emails to ${email} are suppressed (${suppression.reason} since ${suppression.suppressedAt}), so no welcome email was sent. Clear the suppression first.`;

/** The welcome link still open after the command: the one it recorded (or, for a repeated command, recorded first). */
function openWelcomeLinkExpiry(user: RegisteredUser): string | undefined {
  return [...user.passwordResets.values()].find((link) => link.welcome && link.status === 'open')?.expiresAt;
}

/**
 * GET /api/reissue_welcome_email/{id}/ (admins and data users): a new welcome link for a user in the
 * caller's reach (404 otherwise), valid WELCOME_EMAIL_SECONDS; it replaces the user's earlier welcome
 * links, and WelcomeEmailSaga emails it. Refused (400) for a user who has set a password (the
 * decider) and for an address on the suppression list, which would get nothing.
 */
@CommandHandler(ReissueWelcomeEmailCommand)
export class ReissueWelcomeEmailHandler implements ICommandHandler<ReissueWelcomeEmailCommand, ReissuedWelcomeEmail> {
  constructor(
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(UserCommands) private readonly commands: UserCommands,
    @Inject(EmailSuppressions) private readonly suppressions: EmailSuppressions,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  async execute({ principal, userId, approved, now, commandId }: ReissueWelcomeEmailCommand): Promise<ReissuedWelcomeEmail> {
    const user = await this.users.reachable(principal, userId);
    const suppression = await this.suppressions.find(user.rootId, user.email);
    if (suppression) throw validationError(suppressedAddressMessage(user.email, suppression));
    const expiresAt = new Date(now.getTime() + this.config.welcomeEmailSeconds * 1000).toISOString();
    const outcome = await this.commands.run(
      user,
      { type: 'IssueWelcomeEmail', data: { invitationId: randomUUID(), expiresAt, approved } },
      { actorUserId: principal.userId, now, commandId },
    );
    const state = outcome.state.status === 'registered' ? outcome.state : user;
    return { position: outcome.position, expiresAt: openWelcomeLinkExpiry(state) ?? expiresAt };
  }
}
