import { Get, Inject, Param, Query } from '@nestjs/common';
import { ROUTES, type LoggedUserDto, type UserDto } from '@beacon/contracts';
import { forbidden, GUARD_ROLE_SETS, notFound } from '@beacon/domain';
import { AuthTokenService, CurrentPrincipal, READ_STORE, type Principal } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { CustomerGroupReader } from '../customer-group/customer-group-reader';
import { USERS, type UserDocument } from './projections/users.projection';
import { QueryController } from '../shared/query-controller.decorator';

/** Roles that see other users (the Manage Users page); anyone may read themselves. */
const READS_OTHER_USERS: readonly string[] = GUARD_ROLE_SETS.adminOperatorSenderData;

const latest = (...times: (string | null)[]): string | null =>
  times.filter((time): time is string => time !== null).sort().at(-1) ?? null;

function toLoggedUser(user: UserDocument): LoggedUserDto {
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

@QueryController()
export class UserController {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CustomerGroupReader) private readonly groups: CustomerGroupReader,
    @Inject(AuthTokenService) private readonly tokens: AuthTokenService,
  ) {}

  /** GET /api/user/self/?descendant_fields=true — the signed-in user. */
  @Get(ROUTES.userSelf.path)
  async self(@CurrentPrincipal() principal: Principal): Promise<LoggedUserDto> {
    const user = await this.users(principal).findOne({ _id: principal.userId });
    if (!user) throw notFound();
    return toLoggedUser(user);
  }

  /**
   * GET /api/user/{id}/?custom_fields=true — a user in the caller's reach (own customer group or a
   * descendant; anything else, another tenant's ids included, answers 404).
   */
  @Get(ROUTES.user.path)
  async user(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Query('custom_fields') customFields?: string): Promise<UserDto> {
    const user = await this.users(principal).findOne({ _id: id });
    if (!user) throw notFound();
    await this.groups.reachable(principal, user.customer_group);
    if (id !== principal.userId && !READS_OTHER_USERS.includes(principal.customerPermission)) throw forbidden();
    const lastCall = await this.tokens.lastActivity(id);
    return {
      ...toLoggedUser(user),
      failed_attempts: user.failed_attempts,
      is_locked: typeof user.locked_until === 'string' && Date.parse(user.locked_until) > Date.now(),
      locked_until: user.locked_until ?? null,
      password_reset_attempts: user.password_reset_attempts ?? 0,
      two_factor_enabled: user.two_factor_enabled ?? false,
      last_activity: latest(user.last_activity, lastCall === null ? null : new Date(lastCall).toISOString()),
      ...(customFields === 'true' ? { custom_fields: [] } : {}),
    };
  }

  private users(principal: Principal) {
    return this.readStore.scope(principal.rootId).collection<UserDocument>(USERS);
  }
}
