import { Query } from '@nestjs/cqrs';
import type { TokenExpiryDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** When the caller's token expires if idle, and the idle lifetime a call extends it to. */
export class TokenExpiryQuery extends Query<TokenExpiryDto> {
  constructor(readonly principal: Principal) {
    super();
  }
}
