import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { CustomerGroupDto } from '@beacon/contracts';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { toCustomerGroupDto } from './customer-group-dto';
import { CustomerGroupsQuery } from './customer-groups.query';

/** GET /api/customer_group/ */
@QueryHandler(CustomerGroupsQuery)
export class CustomerGroupsHandler implements IQueryHandler<CustomerGroupsQuery, CustomerGroupDto[]> {
  constructor(@Inject(CustomerGroupReader) private readonly groups: CustomerGroupReader) {}

  async execute({ principal }: CustomerGroupsQuery): Promise<CustomerGroupDto[]> {
    const [groups, root] = await Promise.all([this.groups.inReach(principal), this.groups.root(principal)]);
    return groups.map((group) => toCustomerGroupDto(group, root));
  }
}
