import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';
import { OneTimeTokens } from '../../shared/accounts/one-time-tokens';
import { UserLookup } from '../../shared/accounts/user-lookup';
import { EMAIL_CHANNEL, type EmailChannel } from '../../shared/email/email-channel';
import { setPasswordLink, welcomeEmail } from '../welcome-email';
import { SendWelcomeEmailCommand } from './send-welcome-email.command';

/**
 * Emails a recorded welcome link to /reset/{uid}/{token}: issues the link's secret for the welcome
 * grant and sends it through the email channel. The secret is a set-password token like a reset
 * link's ('password_reset'), so the Set Password call takes it; the user's events tell the two kinds
 * apart. Sent once: a grant that already has its secret is not emailed again (the saga may see its
 * event twice), and a link replaced or used before its email went gets none.
 */
@CommandHandler(SendWelcomeEmailCommand)
export class SendWelcomeEmailHandler implements ICommandHandler<SendWelcomeEmailCommand, void> {
  constructor(
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(OneTimeTokens) private readonly oneTimeTokens: OneTimeTokens,
    @Inject(EMAIL_CHANNEL) private readonly email: EmailChannel,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  async execute({ userId, invitationId, expiresAt, approved, now }: SendWelcomeEmailCommand): Promise<void> {
    const user = await this.users.state(userId);
    if (user.status !== 'registered' || user.passwordResets.get(invitationId)?.status !== 'open') return;
    const grant = { userId, grantId: invitationId };
    if (await this.oneTimeTokens.isIssued('password_reset', grant)) return;
    const token = await this.oneTimeTokens.issue('password_reset', grant, new Date(expiresAt), now);
    await this.email.send(
      welcomeEmail({
        tenantId: user.rootId,
        to: user.email,
        firstName: user.firstName,
        link: setPasswordLink(this.config.publicUrl, userId, token),
        validSeconds: this.config.welcomeEmailSeconds,
        approved,
      }),
      now,
    );
  }
}
