import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UserLookup } from '../../shared/accounts/user-lookup';
import { EmailSuppressions } from '../../shared/email/email-suppressions';
import { ClearEmailSuppressionCommand } from './clear-email-suppression.command';

/**
 * DELETE /api/mailgun_suppression/{id}/ (admins and data users): email goes to the address of a user
 * in the caller's reach again (404 for anyone else, and when the address is not suppressed).
 */
@CommandHandler(ClearEmailSuppressionCommand)
export class ClearEmailSuppressionHandler implements ICommandHandler<ClearEmailSuppressionCommand, number> {
  constructor(
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(EmailSuppressions) private readonly suppressions: EmailSuppressions,
  ) {}

  async execute({ principal, userId, now, commandId }: ClearEmailSuppressionCommand): Promise<number> {
    const user = await this.users.reachable(principal, userId);
    return this.suppressions.clear(user.rootId, user.email, user.userId, {
      actorUserId: principal.userId,
      now,
      commandId,
      customerGroupId: user.customerGroupId,
    });
  }
}
