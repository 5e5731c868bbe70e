import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UserCommands } from '../../shared/accounts/user-commands';
import { UserLookup } from '../../shared/accounts/user-lookup';
import { ClearPasswordResetAttemptsCommand } from './clear-password-reset-attempts.command';

/** DELETE /api/user/{id}/delete_password_reset_attempts/ (admin): the user may request reset links again. */
@CommandHandler(ClearPasswordResetAttemptsCommand)
export class ClearPasswordResetAttemptsHandler implements ICommandHandler<ClearPasswordResetAttemptsCommand, number> {
  constructor(
    @Inject(UserCommands) private readonly commands: UserCommands,
    @Inject(UserLookup) private readonly users: UserLookup,
  ) {}

  async execute({ principal, userId, now, commandId }: ClearPasswordResetAttemptsCommand): Promise<number> {
    const user = await this.users.reachable(principal, userId);
    const outcome = await this.commands.run(user, { type: 'ClearPasswordResetAttempts', data: {} }, { actorUserId: principal.userId, now, commandId });
    return outcome.position;
  }
}
