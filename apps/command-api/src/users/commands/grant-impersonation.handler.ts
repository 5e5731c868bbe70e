import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';
import { OneTimeTokens } from '../../shared/accounts/one-time-tokens';
import { UserCommands } from '../../shared/accounts/user-commands';
import { UserLookup } from '../../shared/accounts/user-lookup';
import { GrantImpersonationCommand, type ImpersonationLink } from './grant-impersonation.command';

/** POST /api/user/{id}/impersonate/ (admin): a single-use, short-lived link to sign in as a user in reach. */
@CommandHandler(GrantImpersonationCommand)
export class GrantImpersonationHandler implements ICommandHandler<GrantImpersonationCommand, ImpersonationLink> {
  constructor(
    @Inject(UserCommands) private readonly commands: UserCommands,
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(OneTimeTokens) private readonly oneTimeTokens: OneTimeTokens,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  async execute({ principal, userId, now }: GrantImpersonationCommand): Promise<ImpersonationLink> {
    const user = await this.users.reachable(principal, userId);
    const grantId = randomUUID();
    const expiresAt = new Date(now.getTime() + this.config.impersonationTokenSeconds * 1000);
    const outcome = await this.commands.run(
      user,
      { type: 'GrantImpersonation', data: { grantId, adminUserId: principal.userId, expiresAt: expiresAt.toISOString() } },
      { actorUserId: principal.userId, now },
    );
    const token = await this.oneTimeTokens.issue('impersonation', { userId: user.userId, grantId }, expiresAt, now);
    return { token, expiresAt, position: outcome.position };
  }
}
