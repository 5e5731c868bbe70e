import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { UserDto } from '@beacon/contracts';
import { forbidden, GUARD_ROLE_SETS, notFound } from '@beacon/domain';
import { AuthTokenService, READ_STORE } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { USERS, type UserDocument } from '../../shared/read-models/users.read-model';
import { toLoggedUser } from './logged-user';
import { UserQuery } from './user.query';

/** Roles that see other users (the Manage Users page); anyone may read themselves. */
const READS_OTHER_USERS: readonly string[] = GUARD_ROLE_SETS.adminOperatorSenderData;

const latest = (...times: (string | null)[]): string | null =>
  times.filter((time): time is string => time !== null).sort().at(-1) ?? null;

/**
 * GET /api/user/{id}/?custom_fields=true: 404 outside the caller's reach (own customer group or a
 * descendant; another tenant's ids included), 403 for another user unless the caller's role reads others.
 */
@QueryHandler(UserQuery)
export class UserHandler implements IQueryHandler<UserQuery, UserDto> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CustomerGroupReader) private readonly groups: CustomerGroupReader,
    @Inject(AuthTokenService) private readonly tokens: AuthTokenService,
  ) {}

  async execute({ principal, userId, withCustomFields }: UserQuery): Promise<UserDto> {
    const user = await this.readStore.scope(principal.rootId).collection<UserDocument>(USERS).findOne({ _id: userId });
    if (!user) throw notFound();
    await this.groups.reachable(principal, user.customer_group);
    if (userId !== principal.userId && !READS_OTHER_USERS.includes(principal.customerPermission)) throw forbidden();
    const lastCall = await this.tokens.lastActivity(userId);
    return {
      ...toLoggedUser(user),
      failed_attempts: user.failed_attempts,
      is_locked: typeof user.locked_until === 'string' && Date.parse(user.locked_until) > Date.now(),
      locked_until: user.locked_until ?? null,
      password_reset_attempts: user.password_reset_attempts ?? 0,
      two_factor_enabled: user.two_factor_enabled ?? false,
      is_active: user.is_active ?? true,
      is_message_recipient: user.is_message_recipient ?? true,
      last_activity: latest(user.last_activity, lastCall === null ? null : new Date(lastCall).toISOString()),
      ...(withCustomFields ? { custom_fields: [] } : {}),
    };
  }
}
