import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { CustomerGroupDto } from '@beacon/contracts';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { toCustomerGroupDto } from './customer-group-dto';
import { CustomerGroupQuery } from './customer-group.query';

/** GET /api/customer_group/{id}/: the group when it is the caller's or a descendant, else 404 (another tenant's ids reveal nothing). */
@QueryHandler(CustomerGroupQuery)
export class CustomerGroupHandler implements IQueryHandler<CustomerGroupQuery, CustomerGroupDto> {
  constructor(@Inject(CustomerGroupReader) private readonly groups: CustomerGroupReader) {}

  async execute({ principal, customerGroupId }: CustomerGroupQuery): Promise<CustomerGroupDto> {
    const group = await this.groups.reachable(principal, customerGroupId);
    return toCustomerGroupDto(group, await this.groups.root(principal));
  }
}
