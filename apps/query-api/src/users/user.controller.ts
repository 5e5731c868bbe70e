import { Get, Inject, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ROUTES, UserQuerySchema, type LoggedUserDto, type UserDto } from '@beacon/contracts';
import { CurrentPrincipal, type Principal, ZodQueryPipe } from '@beacon/platform';
import type { z } from 'zod';
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
}
