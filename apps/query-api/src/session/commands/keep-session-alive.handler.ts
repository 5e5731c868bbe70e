import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AuthTokenService } from '@beacon/platform';
import { KeepSessionAliveCommand } from './keep-session-alive.command';

/**
 * GET /api/users/keepalive/: a write of the session (the token store, outside the event history),
 * which query-api serves because the console's shell calls it beside its reads. The token guard
 * moves the expiry ahead in steps on every call; keepalive writes the whole lifetime at once.
 */
@CommandHandler(KeepSessionAliveCommand)
export class KeepSessionAliveHandler implements ICommandHandler<KeepSessionAliveCommand, number> {
  constructor(@Inject(AuthTokenService) private readonly tokens: AuthTokenService) {}

  execute({ principal, now }: KeepSessionAliveCommand): Promise<number> {
    return this.tokens.extend(principal, now, true);
  }
}
