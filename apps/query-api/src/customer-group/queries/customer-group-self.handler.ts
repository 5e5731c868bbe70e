import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { CustomerGroupDto } from '@beacon/contracts';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { toCustomerGroupDto } from './customer-group-dto';
import { CustomerGroupSelfQuery } from './customer-group-self.query';

/** GET /api/customer_group/self/ (404 when the caller's group is not there). */
@QueryHandler(CustomerGroupSelfQuery)
export class CustomerGroupSelfHandler implements IQueryHandler<CustomerGroupSelfQuery, CustomerGroupDto> {
  constructor(@Inject(CustomerGroupReader) private readonly groups: CustomerGroupReader) {}

  async execute({ principal }: CustomerGroupSelfQuery): Promise<CustomerGroupDto> {
    const group = await this.groups.reachable(principal, principal.customerGroupId);
    return toCustomerGroupDto(group, await this.groups.root(principal));
  }
}
