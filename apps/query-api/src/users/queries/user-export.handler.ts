import type { Readable } from 'node:stream';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { UserExportFormat } from '@beacon/contracts';
import { AuthTokenService, READ_STORE } from '@beacon/platform';
import type { Filter, ReadStore } from '@beacon/read-store';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { USERS, type UserDocument } from '../../shared/read-models/users.read-model';
import { USER_EXPORT_CONTENT_TYPES, userExportStream, type UserExportRow } from './user-export';
import { userAnswer } from './user-answer';
import { addressSearchFilter, addressString, userListFilter, userListSearch, userListSort, userListSortKey, type UserListQueryParams } from './user-list-query';
import { groupFilter } from './user-list.handler';
import { UserExportQuery } from './user-export.query';

/** Users read from the read store at a time, so that an export of many holds only one batch. */
export const USER_EXPORT_BATCH = 500;

export interface UserExportFile {
  readonly filename: string;
  readonly contentType: string;
  readonly stream: Readable;
}

const allOf = (filters: readonly Filter[]): Filter => {
  const kept = filters.filter((filter) => Object.keys(filter).length);
  return kept.length > 1 ? { $and: kept } : (kept[0] ?? {});
};

const yesNo = (flag: boolean) => (flag ? 'Yes' : 'No');

/**
 * GET /api/user/list_users_export/{id}/ and POST /api/export_users: the list's reach (404 outside it),
 * filters and order; the users are read a batch at a time in list order and written as they come.
 */
@QueryHandler(UserExportQuery)
export class UserExportHandler implements IQueryHandler<UserExportQuery, UserExportFile> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CustomerGroupReader) private readonly groups: CustomerGroupReader,
    @Inject(AuthTokenService) private readonly tokens: Pick<AuthTokenService, 'lastActivity'>,
  ) {}

  async execute({ principal, customerGroupId, params, format }: UserExportQuery): Promise<UserExportFile> {
    await this.groups.reachable(principal, customerGroupId);
    const listParams = params as UserListQueryParams;
    const groups = await groupFilter(this.groups, principal, customerGroupId, listParams.all);
    const search = userListSearch(listParams);
    const filter = allOf([groups, ...userListFilter(listParams), ...(search === null ? [] : [addressSearchFilter(search, false)])]);
    const sort = userListSort(userListSortKey(listParams), listParams.descending);
    const names = new Map((await this.groups.inReach(principal)).map((group) => [group.id, group.name]));
    const users = this.readStore.scope(principal.rootId).collection<UserDocument>(USERS);
    const tokens = this.tokens;
    async function* rows(): AsyncGenerator<UserExportRow> {
      for (let skip = 0; ; skip += USER_EXPORT_BATCH) {
        const batch = await users.find(filter, { sort, skip, limit: USER_EXPORT_BATCH });
        for (const user of batch) {
          const answer = userAnswer(user, await tokens.lastActivity(user.id));
          yield [
            user.first_name,
            user.last_name,
            user.email,
            user.customer_permission,
            names.get(user.customer_group) ?? '',
            yesNo(answer.is_active),
            yesNo(answer.is_message_recipient),
            user.preferred_timezone ?? '',
            answer.last_activity ?? '',
            user.address_string ?? addressString(user),
          ];
        }
        if (batch.length < USER_EXPORT_BATCH) return;
      }
    }
    const date = new Date().toISOString().slice(0, 10);
    return { filename: `users-${date}.${format}`, contentType: USER_EXPORT_CONTENT_TYPES[format], stream: userExportStream(format as UserExportFormat, rows()) };
  }
}
