import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { forbidden, invalidCredentials } from '@beacon/domain';
import { AuthTokenService, ORGANISATION_SUSPENDED, OrganisationSuspensions, PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';
import { CredentialStore } from '../../shared/accounts/credential-store';
import { SignInThrottle } from '../../shared/accounts/sign-in-throttle';
import { recorded, UserCommands } from '../../shared/accounts/user-commands';
import { UserLookup } from '../../shared/accounts/user-lookup';
import { OneTimeTokens } from '../../shared/accounts/one-time-tokens';
import { SignInCommand, type SignInResult } from './sign-in.command';

/**
 * Verifies the password and records the sign-in, the failed attempt (and the lock it may start),
 * or, for a user with two-factor on, the challenge the code must answer. Throttled first (429),
 * alike for every email; an unknown email costs the same password hash as a known one and gets the
 * same answer as a wrong password.
 */
@CommandHandler(SignInCommand)
export class SignInHandler implements ICommandHandler<SignInCommand, SignInResult> {
  constructor(
    @Inject(UserCommands) private readonly commands: UserCommands,
    @Inject(CredentialStore) private readonly credentials: CredentialStore,
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(AuthTokenService) private readonly tokens: AuthTokenService,
    @Inject(OneTimeTokens) private readonly oneTimeTokens: OneTimeTokens,
    @Inject(SignInThrottle) private readonly throttle: SignInThrottle,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    @Inject(OrganisationSuspensions) private readonly suspensions: OrganisationSuspensions,
  ) {}

  async execute({ email, password, clientAddress, now }: SignInCommand): Promise<SignInResult> {
    const attempt = await this.throttle.begin(email, clientAddress);
    const userId = await this.users.userIdByEmail(email);
    const passwordVerified = await this.credentials.verify(userId, password);
    const user = userId ? await this.users.state(userId) : null;
    if (user?.status !== 'registered') throw invalidCredentials();
    // Told only to someone who knows the password: a suspended organisation's user learns why, nobody else that it is.
    if (passwordVerified && (await this.suspensions.isSuspended(user.rootId))) throw forbidden(ORGANISATION_SUSPENDED);
    const sessionId = randomUUID();
    const challengeId = randomUUID();
    const challengeExpiresAt = new Date(now.getTime() + this.config.twoFactorTokenSeconds * 1000);
    const outcome = await this.commands.run(
      user,
      {
        type: 'SignIn',
        data: {
          sessionId,
          passwordVerified,
          challengeId,
          challengeExpiresAt: challengeExpiresAt.toISOString(),
          now: now.toISOString(),
          lockout: this.config.loginLockout,
        },
      },
      { actorUserId: user.userId, now },
    );
    if (recorded(outcome, 'UserSignedIn')) {
      await attempt.succeeded();
      return { kind: 'signed_in', key: await this.tokens.issue({ userId: user.userId, sessionId }, now.getTime()), position: outcome.position };
    }
    if (recorded(outcome, 'UserSecondFactorRequested')) {
      await attempt.passwordAccepted();
      const ephemeralToken = await this.oneTimeTokens.issue('second_factor', { userId: user.userId, grantId: challengeId }, challengeExpiresAt, now);
      return { kind: 'second_factor', ephemeralToken, position: outcome.position };
    }
    throw invalidCredentials();
  }
}
