import { Query } from '@nestjs/cqrs';
import type { AssignableUsersPageDto, AssignUsersOnCallQuerySchema } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';
import type { z } from 'zod';

/** A page of the users a customer group can put on call, with their periods in a range. */
export class AssignUsersOnCallQuery extends Query<AssignableUsersPageDto> {
  constructor(
    readonly principal: Principal,
    readonly customerGroupId: string,
    readonly params: z.output<typeof AssignUsersOnCallQuerySchema>,
    readonly now: number,
  ) {
    super();
  }
}
