import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CredentialStore } from '../../shared/accounts/credential-store';
import { UserCommands } from '../../shared/accounts/user-commands';
import { UserLookup } from '../../shared/accounts/user-lookup';
import { acceptedTotpStep } from '../totp';
import { EnableTwoFactorCommand } from './enable-two-factor.command';

/** Confirms a TOTP setup with a code from the authenticator app; from then on sign-in asks for a code. */
@CommandHandler(EnableTwoFactorCommand)
export class EnableTwoFactorHandler implements ICommandHandler<EnableTwoFactorCommand, number> {
  constructor(
    @Inject(UserCommands) private readonly commands: UserCommands,
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(CredentialStore) private readonly credentials: CredentialStore,
  ) {}

  async execute({ principal, code, now }: EnableTwoFactorCommand): Promise<number> {
    const user = await this.users.registered(principal.userId);
    const { pending } = await this.credentials.totp(user.userId);
    const step = pending ? acceptedTotpStep(pending, code, now, null) : null;
    const outcome = await this.commands.run(
      user,
      { type: 'EnableTwoFactor', data: { codeVerified: step !== null } },
      { actorUserId: user.userId, now },
    );
    if (pending && step !== null) await this.credentials.activateTotp(user.userId, pending, step);
    return outcome.position;
  }
}
