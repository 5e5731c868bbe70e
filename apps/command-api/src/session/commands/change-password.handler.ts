import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { assertNewPassword, userDecider, type ChangePassword } from '@beacon/domain';
import { AuthTokenService } from '@beacon/platform';
import { CredentialStore } from '../../shared/accounts/credential-store';
import { UserCommands } from '../../shared/accounts/user-commands';
import { UserLookup } from '../../shared/accounts/user-lookup';
import { ChangePasswordCommand } from './change-password.command';

/** Change password (signed in): the old password, the new one twice; every other sign-in of the user ends. */
@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand, number> {
  constructor(
    @Inject(UserCommands) private readonly commands: UserCommands,
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(CredentialStore) private readonly credentials: CredentialStore,
    @Inject(AuthTokenService) private readonly tokens: AuthTokenService,
  ) {}

  async execute({ principal, input, now }: ChangePasswordCommand): Promise<number> {
    const user = await this.users.registered(principal.userId);
    const command: ChangePassword = {
      type: 'ChangePassword',
      data: { oldPasswordVerified: await this.credentials.verify(user.userId, input.old_password), sessionId: principal.sessionId },
    };
    userDecider.decide(command, user);
    assertNewPassword(input.new_password1, input.new_password2, user.email);
    const outcome = await this.commands.run(user, command, { actorUserId: user.userId, now });
    await this.credentials.setPassword(user.userId, input.new_password1);
    await this.tokens.revokeAllOf(user.userId, now.getTime(), principal.tokenId);
    return outcome.position;
  }
}
