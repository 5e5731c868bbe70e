import { Controller, Get, Inject } from '@nestjs/common';
import { ROUTES, type TokenExpiryDto } from '@beacon/contracts';
import { CurrentPrincipal, PLATFORM_CONFIG, type PlatformConfig, type Principal } from '@beacon/platform';

/**
 * Session calls of the shell. The token guard has already moved the caller's idle expiry ahead (as
 * it does on every authenticated call), so keepalive needs to do nothing more than answer.
 */
@Controller()
export class SessionController {
  constructor(@Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig) {}

  @Get(ROUTES.keepalive.path)
  keepalive(@CurrentPrincipal() principal: Principal): TokenExpiryDto {
    return this.expiry(principal);
  }

  @Get(ROUTES.tokenExpiry.path)
  tokenExpiry(@CurrentPrincipal() principal: Principal): TokenExpiryDto {
    return this.expiry(principal);
  }

  private expiry(principal: Principal): TokenExpiryDto {
    return { token_expiry: this.config.tokenIdleSeconds, expires_at: new Date(principal.expiresAt).toISOString() };
  }
}
