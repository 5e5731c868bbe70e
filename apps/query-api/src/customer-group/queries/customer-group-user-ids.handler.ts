import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { READ_STORE } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { USERS, type UserDocument } from '../../shared/read-models/users.read-model';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { CustomerGroupUserIdsQuery } from './customer-group-user-ids.query';

/** GET /api/customer_group/get_users_id/?descendants=true */
@QueryHandler(CustomerGroupUserIdsQuery)
export class CustomerGroupUserIdsHandler implements IQueryHandler<CustomerGroupUserIdsQuery, string[]> {
  constructor(
    @Inject(CustomerGroupReader) private readonly groups: CustomerGroupReader,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async execute({ principal, withDescendants }: CustomerGroupUserIdsQuery): Promise<string[]> {
    const groupIds = withDescendants ? (await this.groups.inReach(principal)).map((group) => group.id) : [principal.customerGroupId];
    const users = await this.readStore
      .scope(principal.rootId)
      .collection<UserDocument>(USERS)
      .find({ customer_group: { $in: groupIds } }, { projection: { _id: 1 }, sort: { _id: 1 } });
    return users.map((user) => user._id);
  }
}
