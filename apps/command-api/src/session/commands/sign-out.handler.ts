import { Inject, Injectable } from '@nestjs/common';
import { userDecider, userStream } from '@beacon/domain';
import { AuthTokenService, CommandExecutor, type Principal } from '@beacon/platform';

/** Ends the token and records the sign-out, noting whether it happened through inactivity. */
@Injectable()
export class SignOutHandler {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(AuthTokenService) private readonly tokens: AuthTokenService,
  ) {}

  async execute(principal: Principal, inactivity: boolean, now: Date): Promise<number> {
    await this.tokens.revoke(principal.tokenId, now.getTime());
    const outcome = await this.executor.execute(
      userStream(principal.userId),
      userDecider,
      { type: 'SignOut', data: { sessionId: principal.sessionId, inactivity } },
      { tenantId: principal.rootId, customerGroupId: principal.customerGroupId, actorUserId: principal.userId, acceptedAt: now },
    );
    return outcome.position;
  }
}
