import { Controller, Get, Inject } from '@nestjs/common';
import { ROUTES, type LoggedUserDto } from '@beacon/contracts';
import { notFound } from '@beacon/domain';
import { CurrentPrincipal, READ_STORE, type Principal } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { USERS, type UserDocument } from './projections/users.projection';

@Controller()
export class UserController {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  /** GET /api/user/self/?descendant_fields=true — the signed-in user. */
  @Get(ROUTES.userSelf.path)
  async self(@CurrentPrincipal() principal: Principal): Promise<LoggedUserDto> {
    const user = await this.readStore.scope(principal.rootId).collection<UserDocument>(USERS).findOne({ _id: principal.userId });
    if (!user) throw notFound();
    return {
      id: user.id,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      customer_permission: user.customer_permission,
      customer_group: user.customer_group,
      is_temporary: user.is_temporary,
      preferred_timezone: user.preferred_timezone,
    };
  }
}
