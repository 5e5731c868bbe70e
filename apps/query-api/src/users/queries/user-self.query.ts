import { Query } from '@nestjs/cqrs';
import type { UserSelfDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** The signed-in user; with `descendantFields`, their contact-field values and the fields of the groups below theirs. */
export class UserSelfQuery extends Query<UserSelfDto> {
  constructor(
    readonly principal: Principal,
    readonly descendantFields = false,
  ) {
    super();
  }
}
