import { Get, Inject } from '@nestjs/common';
import { ROUTES, type TokenExpiryDto } from '@beacon/contracts';
import { AuthTokenService, CurrentPrincipal, PLATFORM_CONFIG, type PlatformConfig, type Principal } from '@beacon/platform';
import { QueryController } from '../shared/query-controller.decorator';

/**
 * Session calls of the shell. The token guard moves the caller's idle expiry ahead on every call,
 * in steps (see AuthTokenService.extend); keepalive moves it to the whole lifetime at once.
 */
@QueryController()
export class SessionController {
  constructor(
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    @Inject(AuthTokenService) private readonly tokens: AuthTokenService,
  ) {}

  @Get(ROUTES.keepalive.path)
  async keepalive(@CurrentPrincipal() principal: Principal): Promise<TokenExpiryDto> {
    return this.expiry({ ...principal, expiresAt: await this.tokens.extend(principal, Date.now(), true) });
  }

  @Get(ROUTES.tokenExpiry.path)
  tokenExpiry(@CurrentPrincipal() principal: Principal): TokenExpiryDto {
    return this.expiry(principal);
  }

  private expiry(principal: Principal): TokenExpiryDto {
    return { token_expiry: this.config.tokenIdleSeconds, expires_at: new Date(principal.expiresAt).toISOString() };
  }
}
