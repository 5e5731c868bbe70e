import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { accountLocked, invalidCode, signInExpired } from '@beacon/domain';
import { AuthTokenService, PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';
import { CredentialStore } from '../../users/credential-store';
import { recorded, UserCommands } from '../../users/user-commands';
import { UserLookup } from '../../users/user-lookup';
import { OneTimeTokens } from '../one-time-tokens';
import { acceptedTotpStep } from '../totp';

/** The second step of a two-factor sign-in: the ephemeral token and the code give a session key. */
@Injectable()
export class CompleteSecondFactorHandler {
  constructor(
    @Inject(UserCommands) private readonly commands: UserCommands,
    @Inject(CredentialStore) private readonly credentials: CredentialStore,
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(AuthTokenService) private readonly tokens: AuthTokenService,
    @Inject(OneTimeTokens) private readonly oneTimeTokens: OneTimeTokens,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  async execute(ephemeralToken: string, code: string, now: Date): Promise<{ key: string; position: number }> {
    const grant = await this.oneTimeTokens.find('second_factor', ephemeralToken);
    const user = grant ? await this.users.state(grant.userId) : null;
    if (!grant || user?.status !== 'registered') throw signInExpired();
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
          lockoutAttempts: this.config.loginLockoutAttempts,
        },
      },
      { actorUserId: user.userId, now },
    );
    if (!recorded(outcome, 'UserSignedIn') || step === null) throw recorded(outcome, 'UserLockedOut') ? accountLocked() : invalidCode();
    await this.credentials.recordTotpStep(user.userId, step);
    return { key: await this.tokens.issue({ userId: user.userId, sessionId }, now.getTime()), position: outcome.position };
  }
}
