import { Query } from '@nestjs/cqrs';
import type { UserDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** A user in the caller's reach, with their sign-in state and last activity. */
export class UserQuery extends Query<UserDto> {
  constructor(
    readonly principal: Principal,
    readonly userId: string,
    /** `?custom_fields=true`: answer custom_fields too. */
    readonly withCustomFields: boolean,
  ) {
    super();
  }
}
