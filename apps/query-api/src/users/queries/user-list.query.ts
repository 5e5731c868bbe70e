import { Query } from '@nestjs/cqrs';
import type { UserListPageDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';
import type { UserListQueryParams } from './user-list-query';

/** A page of a customer group's users (with all=true, its descendants' too), filtered and sorted. */
export class UserListQuery extends Query<UserListPageDto> {
  constructor(
    readonly principal: Principal,
    readonly customerGroupId: string,
    readonly params: UserListQueryParams,
  ) {
    super();
  }
}
