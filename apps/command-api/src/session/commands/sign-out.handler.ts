import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { userDecider, userStream } from '@beacon/domain';
import { AuthTokenService, CommandExecutor } from '@beacon/platform';
import { SignOutCommand } from './sign-out.command';

/** Ends the token and records the sign-out, noting whether it happened through inactivity. */
@CommandHandler(SignOutCommand)
export class SignOutHandler implements ICommandHandler<SignOutCommand, number> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(AuthTokenService) private readonly tokens: AuthTokenService,
  ) {}

  async execute({ principal, inactivity, now }: SignOutCommand): Promise<number> {
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
