import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';
import { OneTimeTokens } from '../../shared/accounts/one-time-tokens';
import { UserLookup } from '../../shared/accounts/user-lookup';
import { EMAIL_CHANNEL, type EmailChannel } from '../../shared/email/email-channel';
import { passwordResetEmail, passwordResetLink } from '../password-reset-email';
import { SendPasswordResetEmailCommand } from './send-password-reset-email.command';

/**
 * Emails the single-use link of a recorded reset to /reset/{uid}/{token}: issues the link's secret
 * for the reset's grant and sends it through the email channel. A reset is emailed once: the saga
 * may see its event again (delivery is at least once), and a grant that already has its secret is
 * not emailed a second time. A user who is no longer registered gets nothing.
 */
@CommandHandler(SendPasswordResetEmailCommand)
export class SendPasswordResetEmailHandler implements ICommandHandler<SendPasswordResetEmailCommand, void> {
  constructor(
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(OneTimeTokens) private readonly oneTimeTokens: OneTimeTokens,
    @Inject(EMAIL_CHANNEL) private readonly email: EmailChannel,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  async execute({ userId, resetId, expiresAt, now }: SendPasswordResetEmailCommand): Promise<void> {
    const user = await this.users.state(userId);
    if (user.status !== 'registered') return;
    const grant = { userId, grantId: resetId };
    if (await this.oneTimeTokens.isIssued('password_reset', grant)) return;
    const token = await this.oneTimeTokens.issue('password_reset', grant, new Date(expiresAt), now);
    await this.email.send(
      passwordResetEmail({
        tenantId: user.rootId,
        to: user.email,
        link: passwordResetLink(this.config.publicUrl, userId, token),
        validSeconds: this.config.passwordResetSeconds,
      }),
      now,
    );
  }
}
