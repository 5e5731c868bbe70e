import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PLATFORM_CONFIG, type PlatformConfig, type Principal } from '@beacon/platform';
import { OneTimeTokens } from '../../session/one-time-tokens';
import { UserCommands } from '../user-commands';
import { UserLookup } from '../user-lookup';

export interface ImpersonationLink {
  readonly token: string;
  readonly expiresAt: Date;
  readonly position: number;
}

/** POST /api/user/{id}/impersonate/ (admin): a single-use, short-lived link to sign in as a user in reach. */
@Injectable()
export class GrantImpersonationHandler {
  constructor(
    @Inject(UserCommands) private readonly commands: UserCommands,
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(OneTimeTokens) private readonly oneTimeTokens: OneTimeTokens,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  async execute(principal: Principal, userId: string, now: Date): Promise<ImpersonationLink> {
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
