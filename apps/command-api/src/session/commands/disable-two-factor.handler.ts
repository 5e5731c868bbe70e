import { Inject, Injectable } from '@nestjs/common';
import type { Principal } from '@beacon/platform';
import { CredentialStore } from '../../users/credential-store';
import { UserCommands } from '../../users/user-commands';
import { UserLookup } from '../../users/user-lookup';

/** Switches two-factor off for oneself (or cancels a setup), with the password; the TOTP secret is deleted. */
@Injectable()
export class DisableTwoFactorHandler {
  constructor(
    @Inject(UserCommands) private readonly commands: UserCommands,
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(CredentialStore) private readonly credentials: CredentialStore,
  ) {}

  async execute(principal: Principal, password: string, now: Date): Promise<number> {
    const user = await this.users.registered(principal.userId);
    const outcome = await this.commands.run(
      user,
      { type: 'DisableTwoFactor', data: { passwordVerified: await this.credentials.verify(user.userId, password) } },
      { actorUserId: user.userId, now },
    );
    await this.credentials.removeTotp(user.userId);
    return outcome.position;
  }
}
