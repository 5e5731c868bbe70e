import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { UserListPageDto } from '@beacon/contracts';
import { NO_MATCHING_RESULTS_MESSAGE } from '@beacon/domain';
import { AuthTokenService, READ_STORE, type Principal } from '@beacon/platform';
import type { Filter, ReadStore } from '@beacon/read-store';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { USERS, type UserDocument } from '../../shared/read-models/users.read-model';
import { userAnswer } from './user-answer';
import { addressString, userListFilter, userListPaging, userListSort, userListSortKey } from './user-list-query';
import { UserListQuery } from './user-list.query';

/** The read-store filter of a group's users: its own, or with `all` its subtree's (the whole organisation's from the root). */
export async function groupFilter(groups: CustomerGroupReader, principal: Principal, customerGroupId: string, all: boolean): Promise<Filter> {
  if (!all) return { customer_group: customerGroupId };
  if (customerGroupId === principal.rootId) return {};
  return { customer_group: { $in: await groups.subtreeIds(principal, customerGroupId) } };
}

/**
 * GET /api/customer_group/{id}/users/: the group must be in the caller's reach (404 otherwise, another
 * organisation's included); the route's guard has checked the role. Nothing matching answers an
 * empty page with the spec's "The filter criteria does not match any results."
 */
@QueryHandler(UserListQuery)
export class UserListHandler implements IQueryHandler<UserListQuery, UserListPageDto> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CustomerGroupReader) private readonly groups: CustomerGroupReader,
    @Inject(AuthTokenService) private readonly tokens: Pick<AuthTokenService, 'lastActivity'>,
  ) {}

  async execute({ principal, customerGroupId, params }: UserListQuery): Promise<UserListPageDto> {
    await this.groups.reachable(principal, customerGroupId);
    const filters = [await groupFilter(this.groups, principal, customerGroupId, params.all), ...userListFilter(params)].filter((filter) => Object.keys(filter).length);
    const filter: Filter = filters.length > 1 ? { $and: filters } : (filters[0] ?? {});
    const { pageSize, page } = userListPaging(params);
    const users = this.readStore.scope(principal.rootId).collection<UserDocument>(USERS);
    const [count, documents] = await Promise.all([
      users.count(filter),
      users.find(filter, { sort: userListSort(userListSortKey(params), params.descending), skip: (page - 1) * pageSize, limit: pageSize }),
    ]);
    const data = await Promise.all(
      documents.map(async (user) => ({ ...userAnswer(user, await this.tokens.lastActivity(user.id), false), address_string: user.address_string ?? addressString(user) })),
    );
    const answer = { data, count, number_of_pages: Math.max(1, Math.ceil(count / pageSize)), page_number: page, items_per_page: pageSize };
    return count === 0 ? { ...answer, detail: NO_MATCHING_RESULTS_MESSAGE } : answer;
  }
}
