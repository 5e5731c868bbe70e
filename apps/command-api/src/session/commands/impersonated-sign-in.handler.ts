import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { impersonationInvalid } from '@beacon/domain';
import { AuthTokenService } from '@beacon/platform';
import { UserCommands } from '../../shared/accounts/user-commands';
import { UserLookup } from '../../shared/accounts/user-lookup';
import { OneTimeTokens } from '../../shared/accounts/one-time-tokens';
import { ImpersonatedSignInCommand } from './impersonated-sign-in.command';

/** /impersonate_login/{token}: exchanges an admin's one-time impersonation link for a session key of the user. */
@CommandHandler(ImpersonatedSignInCommand)
export class ImpersonatedSignInHandler implements ICommandHandler<ImpersonatedSignInCommand, { key: string; position: number }> {
  constructor(
    @Inject(UserCommands) private readonly commands: UserCommands,
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(AuthTokenService) private readonly tokens: AuthTokenService,
    @Inject(OneTimeTokens) private readonly oneTimeTokens: OneTimeTokens,
  ) {}

  async execute({ token, now }: ImpersonatedSignInCommand): Promise<{ key: string; position: number }> {
    const grant = await this.oneTimeTokens.find('impersonation', token);
    const user = grant ? await this.users.state(grant.userId) : null;
    if (!grant || user?.status !== 'registered') throw impersonationInvalid();
    const sessionId = randomUUID();
    const outcome = await this.commands.run(
      user,
      { type: 'SignInAsImpersonated', data: { grantId: grant.grantId, sessionId, now: now.toISOString() } },
      // The admin who granted the link is the one acting.
      { actorUserId: user.impersonation?.adminUserId ?? null, now },
    );
    return { key: await this.tokens.issue({ userId: user.userId, sessionId }, now.getTime()), position: outcome.position };
  }
}
