import { Query } from '@nestjs/cqrs';
import type { LoggedUserDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** The signed-in user. */
export class UserSelfQuery extends Query<LoggedUserDto> {
  constructor(readonly principal: Principal) {
    super();
  }
}
