import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { assertNewPassword, fieldError, RESET_LINK_INVALID_MESSAGE, userDecider, type ResetPassword } from '@beacon/domain';
import { AuthTokenService } from '@beacon/platform';
import { CredentialStore } from '../../shared/accounts/credential-store';
import { UserCommands } from '../../shared/accounts/user-commands';
import { UserLookup } from '../../shared/accounts/user-lookup';
import { OneTimeTokens } from '../../shared/accounts/one-time-tokens';
import { ResetPasswordCommand } from './reset-password.command';

/** Set Password (/reset/{uid}/{token}): uses the link once, sets the password, ends every sign-in of the user. */
@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand, number> {
  constructor(
    @Inject(UserCommands) private readonly commands: UserCommands,
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(CredentialStore) private readonly credentials: CredentialStore,
    @Inject(OneTimeTokens) private readonly oneTimeTokens: OneTimeTokens,
    @Inject(AuthTokenService) private readonly tokens: AuthTokenService,
  ) {}

  async execute({ input, now }: ResetPasswordCommand): Promise<number> {
    const grant = await this.oneTimeTokens.find('password_reset', input.token);
    const user = grant && grant.userId === input.uid ? await this.users.state(grant.userId) : null;
    if (!grant || user?.status !== 'registered') throw fieldError('token', RESET_LINK_INVALID_MESSAGE);
    const command: ResetPassword = { type: 'ResetPassword', data: { resetId: grant.grantId, now: now.toISOString() } };
    // A used or expired link is reported before the password's problems, which would not help.
    userDecider.decide(command, user);
    assertNewPassword(input.new_password1, input.new_password2, user.email);
    const outcome = await this.commands.run(user, command, { actorUserId: user.userId, now });
    await this.credentials.setPassword(user.userId, input.new_password1);
    await this.tokens.revokeAllOf(user.userId, now.getTime());
    return outcome.position;
  }
}
