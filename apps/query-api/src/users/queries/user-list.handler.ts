import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { UserListPageDto } from '@beacon/contracts';
import { NO_MATCHING_RESULTS_MESSAGE } from '@beacon/domain';
import { AuthTokenService, READ_STORE, type Principal } from '@beacon/platform';
import type { Collection, Filter, FindOptions, ReadStore } from '@beacon/read-store';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { USERS, type UserDocument } from '../../shared/read-models/users.read-model';
import { userAnswer } from './user-answer';
import { addressSearchFilter, addressString, inListOrder, userListFilter, userListPaging, userListSearch, userListSort, userListSortKey } from './user-list-query';
import { UserListQuery } from './user-list.query';

/** The read-store filter of a group's users: its own, or with `all` its subtree's (the whole organisation's from the root). */
export async function groupFilter(groups: CustomerGroupReader, principal: Principal, customerGroupId: string, all: boolean): Promise<Filter> {
  if (!all) return { customer_group: customerGroupId };
  if (customerGroupId === principal.rootId) return {};
  return { customer_group: { $in: await groups.subtreeIds(principal, customerGroupId) } };
}

/** A page of the list: its order, and where it starts and ends in it. */
type ListPage = Required<Pick<FindOptions, 'sort' | 'skip' | 'limit'>>;

/** Up to this many matches of a search are found by their ids first, then sorted; more are read in list order. */
const SEARCH_BY_IDS_LIMIT = 1_000;

const allOf = (filters: readonly Filter[]): Filter => {
  const kept = filters.filter((filter) => Object.keys(filter).length);
  return kept.length > 1 ? { $and: kept } : (kept[0] ?? {});
};

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
    const groups = await groupFilter(this.groups, principal, customerGroupId, params.all);
    const { pageSize, page } = userListPaging(params);
    const users = this.readStore.scope(principal.rootId).collection<UserDocument>(USERS);
    const options: ListPage = { sort: userListSort(userListSortKey(params), params.descending), skip: (page - 1) * pageSize, limit: pageSize };
    const { count, documents } = await this.matching(users, [groups, ...userListFilter(params)], userListSearch(params), options);
    const data = await Promise.all(
      documents.map(async (user) => ({ ...userAnswer(user, await this.tokens.lastActivity(user.id)), address_string: user.address_string ?? addressString(user) })),
    );
    const answer = { data, count, number_of_pages: Math.max(1, Math.ceil(count / pageSize)), page_number: page, items_per_page: pageSize };
    return count === 0 ? { ...answer, detail: NO_MATCHING_RESULTS_MESSAGE } : answer;
  }

  /**
   * The page and the count. A search tests every label of the groups, so it runs once: when it finds
   * few users, their ids give the count, and those users, read by id and ordered here, the page; when
   * many, it counts them and the page is read in list order, where matches come soon.
   */
  private async matching(users: Collection<UserDocument>, filters: Filter[], search: string | null, options: ListPage): Promise<{ count: number; documents: UserDocument[] }> {
    if (search === null) {
      const filter = allOf(filters);
      const [count, documents] = await Promise.all([users.count(filter), users.find(filter, options)]);
      return { count, documents };
    }
    const indexed = allOf([...filters, addressSearchFilter(search, true)]);
    const inGroups = Object.keys(filters[0]!).length > 0;
    const found = await users.find(indexed, {
      projection: { _id: 1 },
      sort: inGroups ? { customer_group: 1, address_string: 1 } : { address_string: 1 },
      limit: SEARCH_BY_IDS_LIMIT + 1,
    });
    if (found.length <= SEARCH_BY_IDS_LIMIT) {
      // Read by id and ordered here: asked to sort them, SQLite walks the order's index over every user.
      const documents = inListOrder(await users.find({ _id: { $in: found.map((user) => user._id) } }), options.sort);
      return { count: found.length, documents: documents.slice(options.skip, options.skip + options.limit) };
    }
    const [count, documents] = await Promise.all([users.count(indexed), users.find(allOf([...filters, addressSearchFilter(search, false)]), options)]);
    return { count, documents };
  }
}
