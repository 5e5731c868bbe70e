import { Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ROUTES, type TokenExpiryDto } from '@beacon/contracts';
import { AuthTokenService, CurrentPrincipal, type Principal } from '@beacon/platform';
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
    @Inject(AuthTokenService) private readonly tokens: AuthTokenService,
  ) {}

  /**
   * Not a query, on purpose: keepalive WRITES. It extends the caller's token to the whole idle
   * lifetime in the token store (AuthTokenService.extend): a session write that query-api serves
   * (ROUTES.keepalive), not a read, so it calls AuthTokenService directly. Only its answer, the
   * extended token's expiry, is the TokenExpiryQuery read.
   */
  @Get(ROUTES.keepalive.path)
  async keepalive(@CurrentPrincipal() principal: Principal): Promise<TokenExpiryDto> {
    const expiresAt = await this.tokens.extend(principal, Date.now(), true);
    return this.queryBus.execute(new TokenExpiryQuery({ ...principal, expiresAt }));
  }

  @Get(ROUTES.tokenExpiry.path)
  tokenExpiry(@CurrentPrincipal() principal: Principal): Promise<TokenExpiryDto> {
    return this.queryBus.execute(new TokenExpiryQuery(principal));
  }
}
