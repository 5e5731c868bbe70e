import { Get, Inject, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ROUTES, UserListQuerySchema, UserQuerySchema, type LoggedUserDto, type UserDto, type UserListPageDto } from '@beacon/contracts';
import { CurrentPrincipal, type Principal, ZodQueryPipe } from '@beacon/platform';
import type { z } from 'zod';
import { UserListQuery } from './queries/user-list.query';
import { UserSelfQuery } from './queries/user-self.query';
import { UserQuery } from './queries/user.query';
import { QueryController } from '../shared/query-controller.decorator';

@QueryController()
export class UserController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  /** GET /api/user/self/?descendant_fields=true — the signed-in user. */
  @Get(ROUTES.userSelf.path)
  self(@CurrentPrincipal() principal: Principal): Promise<LoggedUserDto> {
    return this.queryBus.execute(new UserSelfQuery(principal));
  }

  /**
   * GET /api/user/{id}/?custom_fields=true — a user in the caller's reach (own customer group or a
   * descendant; anything else, another tenant's ids included, answers 404).
   */
  @Get(ROUTES.user.path)
  user(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query(new ZodQueryPipe(UserQuerySchema)) { custom_fields }: z.output<typeof UserQuerySchema>,
  ): Promise<UserDto> {
    return this.queryBus.execute(new UserQuery(principal, id, custom_fields));
  }

  /**
   * GET /api/customer_group/{id}/users/?all=&field=&value=&search_by_missing_value=&search_by_address_string=
   * &items_per_page=&page_number=&sort_by=&descending= — a page of the group's users.
   */
  @Get(ROUTES.customerGroupUsers.path)
  customerGroupUsers(
    @CurrentPrincipal() principal: Principal,
    @Param('id') customerGroupId: string,
    @Query(new ZodQueryPipe(UserListQuerySchema)) query: z.output<typeof UserListQuerySchema>,
  ): Promise<UserListPageDto> {
    return this.queryBus.execute(new UserListQuery(principal, customerGroupId, query));
  }
}
