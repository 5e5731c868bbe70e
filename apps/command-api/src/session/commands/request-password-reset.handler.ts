import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';
import { EMAIL_CHANNEL, type EmailChannel } from '../../shared/email/email-channel';
import { recorded, UserCommands } from '../../shared/accounts/user-commands';
import { UserLookup } from '../../shared/accounts/user-lookup';
import { OneTimeTokens } from '../../shared/accounts/one-time-tokens';
import { passwordResetEmail, passwordResetLink } from '../password-reset-email';
import { RequestPasswordResetCommand } from './request-password-reset.command';

/**
 * Emails a single-use, expiring link to /reset/{uid}/{token}. Says nothing about whether the email
 * exists: an unknown email, or a user past the reset-attempts limit, gets nothing and no error.
 */
@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordResetCommand, void> {
  constructor(
    @Inject(UserCommands) private readonly commands: UserCommands,
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(OneTimeTokens) private readonly oneTimeTokens: OneTimeTokens,
    @Inject(EMAIL_CHANNEL) private readonly email: EmailChannel,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  async execute({ email, now }: RequestPasswordResetCommand): Promise<void> {
    const userId = await this.users.userIdByEmail(email);
    const user = userId ? await this.users.state(userId) : null;
    if (user?.status !== 'registered') return;
    const resetId = randomUUID();
    const expiresAt = new Date(now.getTime() + this.config.passwordResetSeconds * 1000);
    const outcome = await this.commands.run(
      user,
      {
        type: 'RequestPasswordReset',
        data: { resetId, expiresAt: expiresAt.toISOString(), attemptsLimit: this.config.passwordResetAttempts },
      },
      { actorUserId: null, now },
    );
    if (!recorded(outcome, 'UserPasswordResetRequested')) return;
    const token = await this.oneTimeTokens.issue('password_reset', { userId: user.userId, grantId: resetId }, expiresAt, now);
    await this.email.send(
      passwordResetEmail({
        tenantId: user.rootId,
        to: user.email,
        link: passwordResetLink(this.config.publicUrl, user.userId, token),
        validSeconds: this.config.passwordResetSeconds,
      }),
      now,
    );
  }
}
