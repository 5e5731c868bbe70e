import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { UserDto } from '@beacon/contracts';
import { forbidden, GUARD_ROLE_SETS, notFound } from '@beacon/domain';
import { AuthTokenService, READ_STORE } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { USERS, type UserDocument } from '../../shared/read-models/users.read-model';
import { userAnswer } from './user-answer';
import { userCustomFields } from './user-custom-fields';
import { UserQuery } from './user.query';

/** Roles that see other users (the Manage Users page); anyone may read themselves. */
const READS_OTHER_USERS: readonly string[] = GUARD_ROLE_SETS.adminOperatorSenderData;

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
    const scope = this.readStore.scope(principal.rootId);
    const user = await scope.collection<UserDocument>(USERS).findOne({ _id: userId });
    if (!user) throw notFound();
    const group = await this.groups.reachable(principal, user.customer_group);
    if (userId !== principal.userId && !READS_OTHER_USERS.includes(principal.customerPermission)) throw forbidden();
    const customFields = withCustomFields ? await userCustomFields(scope, group.path, user) : undefined;
    return userAnswer(user, await this.tokens.lastActivity(userId), customFields);
  }
}
