import { Inject, Injectable } from '@nestjs/common';
import type { Principal } from '@beacon/platform';
import { CredentialStore } from '../../users/credential-store';
import { UserCommands } from '../../users/user-commands';
import { UserLookup } from '../../users/user-lookup';
import { acceptedTotpStep } from '../totp';

/** Confirms a TOTP setup with a code from the authenticator app; from then on sign-in asks for a code. */
@Injectable()
export class EnableTwoFactorHandler {
  constructor(
    @Inject(UserCommands) private readonly commands: UserCommands,
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(CredentialStore) private readonly credentials: CredentialStore,
  ) {}

  async execute(principal: Principal, code: string, now: Date): Promise<number> {
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
