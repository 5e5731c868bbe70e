import { Inject, Injectable } from '@nestjs/common';
import type { Principal } from '@beacon/platform';
import { SignInThrottle } from '../sign-in-throttle';
import { UserCommands } from '../user-commands';
import { UserLookup } from '../user-lookup';

/** DELETE /api/user/{id}/delete_failed_login_attempts/ (admin): clears the count and the lock-out, and lets the email sign in at once. */
@Injectable()
export class ClearFailedLoginAttemptsHandler {
  constructor(
    @Inject(UserCommands) private readonly commands: UserCommands,
    @Inject(UserLookup) private readonly users: UserLookup,
    @Inject(SignInThrottle) private readonly throttle: SignInThrottle,
  ) {}

  async execute(principal: Principal, userId: string, now: Date, commandId?: string): Promise<number> {
    const user = await this.users.reachable(principal, userId);
    const outcome = await this.commands.run(user, { type: 'ClearFailedLoginAttempts', data: {} }, { actorUserId: principal.userId, now, commandId });
    await this.throttle.clear(user.email);
    return outcome.position;
  }
}
