import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { invalidCode, signInExpired } from '@beacon/domain';
import { AuthTokenService, PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';
import { CredentialStore } from '../../shared/accounts/credential-store';
import { SignInThrottle } from '../../shared/accounts/sign-in-throttle';
import { recorded, UserCommands } from '../../shared/accounts/user-commands';
import { UserLookup } from '../../shared/accounts/user-lookup';
import { OneTimeTokens } from '../../shared/accounts/one-time-tokens';
import { acceptedTotpStep } from '../totp';
import { CompleteSecondFactorCommand } from './complete-second-factor.command';

/**
 * The second step of a two-factor sign-in: the ephemeral token and the code give a session key.
 * A wrong code counts against the user's email like a wrong password, in the same throttle.
 */
@CommandHandler(CompleteSecondFactorCommand)
export class CompleteSecondFactorHandler implements ICommandHandler<CompleteSecondFactorCommand, { key: string; position: number }> {
  constructor(
    @Inject(UserCommands) private readonly commands: UserCommands,
    @Inject(CredentialStore) private readonly credentials: CredentialStore,
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(AuthTokenService) private readonly tokens: AuthTokenService,
    @Inject(OneTimeTokens) private readonly oneTimeTokens: OneTimeTokens,
    @Inject(SignInThrottle) private readonly throttle: SignInThrottle,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  async execute({ ephemeralToken, code, clientAddress, now }: CompleteSecondFactorCommand): Promise<{ key: string; position: number }> {
    const grant = await this.oneTimeTokens.find('second_factor', ephemeralToken);
    const user = grant ? await this.users.state(grant.userId) : null;
    if (!grant || user?.status !== 'registered') throw signInExpired();
    const attempt = await this.throttle.begin(user.email, clientAddress);
    const secrets = await this.credentials.totp(user.userId);
    const step = secrets.active ? acceptedTotpStep(secrets.active, code, now, secrets.lastStep) : null;
    const sessionId = randomUUID();
    const outcome = await this.commands.run(
      user,
      {
        type: 'CompleteSecondFactor',
        data: {
          challengeId: grant.grantId,
          sessionId,
          codeVerified: step !== null,
          now: now.toISOString(),
          lockout: this.config.loginLockout,
        },
      },
      { actorUserId: user.userId, now },
    );
    if (!recorded(outcome, 'UserSignedIn') || step === null) throw invalidCode();
    await attempt.succeeded();
    await this.credentials.recordTotpStep(user.userId, step);
    return { key: await this.tokens.issue({ userId: user.userId, sessionId }, now.getTime()), position: outcome.position };
  }
}
