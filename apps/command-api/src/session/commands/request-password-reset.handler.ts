import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';
import { UserCommands } from '../../shared/accounts/user-commands';
import { UserLookup } from '../../shared/accounts/user-lookup';
import { RequestPasswordResetCommand } from './request-password-reset.command';

/**
 * Records a reset (UserPasswordResetRequested: a single-use grant that expires); PasswordResetSaga
 * then emails its link. Says nothing about whether the email exists: an unknown email, or a user
 * past the reset-attempts limit, gets nothing and no error.
 */
@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordResetCommand, void> {
  constructor(
    @Inject(UserCommands) private readonly commands: UserCommands,
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  async execute({ email, now }: RequestPasswordResetCommand): Promise<void> {
    const userId = await this.users.userIdByEmail(email);
    const user = userId ? await this.users.state(userId) : null;
    if (user?.status !== 'registered') return;
    const resetId = randomUUID();
    const expiresAt = new Date(now.getTime() + this.config.passwordResetSeconds * 1000);
    await this.commands.run(
      user,
      {
        type: 'RequestPasswordReset',
        data: { resetId, expiresAt: expiresAt.toISOString(), attemptsLimit: this.config.passwordResetAttempts },
      },
      { actorUserId: null, now },
    );
  }
}
