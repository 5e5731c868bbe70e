import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { userDecider, type StartTwoFactorSetup } from '@beacon/domain';
import { CredentialStore } from '../../shared/accounts/credential-store';
import { UserCommands } from '../../shared/accounts/user-commands';
import { UserLookup } from '../../shared/accounts/user-lookup';
import { newTotpSecret, otpauthUrl } from '../totp';
import { StartTwoFactorSetupCommand } from './start-two-factor-setup.command';

/** Starts a TOTP setup for oneself: a new secret, shown once as an otpauth:// URI, on until confirmed with a code. */
@CommandHandler(StartTwoFactorSetupCommand)
export class StartTwoFactorSetupHandler implements ICommandHandler<StartTwoFactorSetupCommand, { otpauthUrl: string; position: number }> {
  constructor(
    @Inject(UserCommands) private readonly commands: UserCommands,
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(CredentialStore) private readonly credentials: CredentialStore,
  ) {}

  async execute({ principal, now }: StartTwoFactorSetupCommand): Promise<{ otpauthUrl: string; position: number }> {
    const user = await this.users.registered(principal.userId);
    const command: StartTwoFactorSetup = { type: 'StartTwoFactorSetup', data: {} };
    userDecider.decide(command, user);
    const secret = newTotpSecret();
    await this.credentials.startTotpSetup(user.userId, secret);
    const outcome = await this.commands.run(user, command, { actorUserId: user.userId, now });
    return { otpauthUrl: otpauthUrl(secret, user.email), position: outcome.position };
  }
}
