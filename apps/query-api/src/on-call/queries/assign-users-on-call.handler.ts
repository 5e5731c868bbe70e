import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ASSIGNABLE_USERS_DEFAULT_PAGE_SIZE, type AssignableUsersPageDto } from '@beacon/contracts';
import { isoInstant } from '@beacon/domain';
import { assignableIn, BY_NAME, OnCallReader, periodAnswer, rangeOf } from '../on-call-reader';
import { AssignUsersOnCallQuery } from './assign-users-on-call.query';

/**
 * GET /api/assign_users_on_call/{id}/: the group's users (all=true: its descendants' too) who can be put
 * on call, meaning active and message recipients, by last name, a page at a time; each with whether
 * they are on call at some time of the range (default: the next 7 days from now) and those periods.
 * Reads one page of users by the users' name index and the periods of that page only.
 */
@QueryHandler(AssignUsersOnCallQuery)
export class AssignUsersOnCallHandler implements IQueryHandler<AssignUsersOnCallQuery, AssignableUsersPageDto> {
  constructor(@Inject(OnCallReader) private readonly reader: OnCallReader) {}

  async execute({ principal, customerGroupId, params, now }: AssignUsersOnCallQuery): Promise<AssignableUsersPageDto> {
    const { ids } = await this.reader.groupIds(principal, customerGroupId, params.all);
    const span = rangeOf(params.start_date, params.end_date, now);
    const pageNumber = params.page_number ?? 1;
    const itemsPerPage = params.items_per_page ?? ASSIGNABLE_USERS_DEFAULT_PAGE_SIZE;
    const filter = assignableIn(ids);
    const users = this.reader.users(principal);
    const [count, page] = await Promise.all([
      users.count(filter),
      users.find(filter, { sort: BY_NAME, skip: (pageNumber - 1) * itemsPerPage, limit: itemsPerPage }),
    ]);
    const periods = await this.reader.periodsOf(
      principal,
      page.map((user) => user._id),
      span,
    );
    return {
      start_date: isoInstant(span.start),
      end_date: isoInstant(span.end),
      count,
      page_number: pageNumber,
      items_per_page: itemsPerPage,
      results: page.map((user) => {
        const own = periods.filter((period) => period.user === user._id).map(periodAnswer);
        return {
          id: user._id,
          first_name: user.first_name,
          last_name: user.last_name,
          email: user.email,
          customer_group: user.customer_group,
          is_on_call: own.length > 0,
          periods: own,
        };
      }),
    };
  }
}
