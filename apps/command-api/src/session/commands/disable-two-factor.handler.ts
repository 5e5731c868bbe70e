import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CredentialStore } from '../../shared/accounts/credential-store';
import { UserCommands } from '../../shared/accounts/user-commands';
import { UserLookup } from '../../shared/accounts/user-lookup';
import { DisableTwoFactorCommand } from './disable-two-factor.command';

/** Switches two-factor off for oneself (or cancels a setup), with the password; the TOTP secret is deleted. */
@CommandHandler(DisableTwoFactorCommand)
export class DisableTwoFactorHandler implements ICommandHandler<DisableTwoFactorCommand, number> {
  constructor(
    @Inject(UserCommands) private readonly commands: UserCommands,
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(CredentialStore) private readonly credentials: CredentialStore,
  ) {}

  async execute({ principal, password, now }: DisableTwoFactorCommand): Promise<number> {
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
