import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SignInThrottle } from '../../shared/accounts/sign-in-throttle';
import { UserCommands } from '../../shared/accounts/user-commands';
import { UserLookup } from '../../shared/accounts/user-lookup';
import { ClearFailedLoginAttemptsCommand } from './clear-failed-login-attempts.command';

/** DELETE /api/user/{id}/delete_failed_login_attempts/ (admin): clears the count and the lock-out, and lets the email sign in at once. */
@CommandHandler(ClearFailedLoginAttemptsCommand)
export class ClearFailedLoginAttemptsHandler implements ICommandHandler<ClearFailedLoginAttemptsCommand, number> {
  constructor(
    @Inject(UserCommands) private readonly commands: UserCommands,
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(SignInThrottle) private readonly throttle: SignInThrottle,
  ) {}

  async execute({ principal, userId, now, commandId }: ClearFailedLoginAttemptsCommand): Promise<number> {
    const user = await this.users.reachable(principal, userId);
    const outcome = await this.commands.run(user, { type: 'ClearFailedLoginAttempts', data: {} }, { actorUserId: principal.userId, now, commandId });
    await this.throttle.clear(user.email);
    return outcome.position;
  }
}
