import { Get, Inject } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ROUTES, type TokenExpiryDto } from '@beacon/contracts';
import { CurrentPrincipal, type Principal } from '@beacon/platform';
import { KeepSessionAliveCommand } from './commands/keep-session-alive.command';
import { TokenExpiryQuery } from './queries/token-expiry.query';
import { QueryController } from '../shared/query-controller.decorator';

/**
 * Session calls of the shell. The token guard moves the caller's idle expiry ahead on every call,
 * in steps (see AuthTokenService.extend); keepalive moves it to the whole lifetime at once.
 */
@QueryController()
export class SessionController {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
  ) {}

  /** keepalive writes (a command: the token's whole lifetime), then answers the new expiry (the query). */
  @Get(ROUTES.keepalive.path)
  async keepalive(@CurrentPrincipal() principal: Principal): Promise<TokenExpiryDto> {
    const expiresAt = await this.commandBus.execute(new KeepSessionAliveCommand(principal, Date.now()));
    return this.queryBus.execute(new TokenExpiryQuery({ ...principal, expiresAt }));
  }

  @Get(ROUTES.tokenExpiry.path)
  tokenExpiry(@CurrentPrincipal() principal: Principal): Promise<TokenExpiryDto> {
    return this.queryBus.execute(new TokenExpiryQuery(principal));
  }
}
