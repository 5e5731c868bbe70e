import { Inject, Injectable } from '@nestjs/common';
import { assertNewPassword, userDecider, type ChangePassword } from '@beacon/domain';
import { AuthTokenService, type Principal } from '@beacon/platform';
import { CredentialStore } from '../../users/credential-store';
import { UserCommands } from '../../users/user-commands';
import { UserLookup } from '../../users/user-lookup';

export interface ChangePasswordInput {
  readonly old_password: string;
  readonly new_password1: string;
  readonly new_password2: string;
}

/** Change password (signed in): the old password, the new one twice; every other sign-in of the user ends. */
@Injectable()
export class ChangePasswordHandler {
  constructor(
    @Inject(UserCommands) private readonly commands: UserCommands,
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(CredentialStore) private readonly credentials: CredentialStore,
    @Inject(AuthTokenService) private readonly tokens: AuthTokenService,
  ) {}

  async execute(principal: Principal, input: ChangePasswordInput, now: Date): Promise<number> {
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
