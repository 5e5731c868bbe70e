import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { TokenExpiryDto } from '@beacon/contracts';
import { PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';
import { TokenExpiryQuery } from './token-expiry.query';

/**
 * GET /api/get_token_expiry_time/ (and the answer of keepalive): from the principal the token guard
 * resolved, no read model. Benchmarked: no await, no other work.
 */
@QueryHandler(TokenExpiryQuery)
export class TokenExpiryHandler implements IQueryHandler<TokenExpiryQuery, TokenExpiryDto> {
  constructor(@Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig) {}

  execute({ principal }: TokenExpiryQuery): Promise<TokenExpiryDto> {
    return Promise.resolve({ token_expiry: this.config.tokenIdleSeconds, expires_at: new Date(principal.expiresAt).toISOString() });
  }
}
