import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { CustomerGroupIdsQuery } from './customer-group-ids.query';

/** GET /api/customer_group_ids/ */
@QueryHandler(CustomerGroupIdsQuery)
export class CustomerGroupIdsHandler implements IQueryHandler<CustomerGroupIdsQuery, string[]> {
  constructor(@Inject(CustomerGroupReader) private readonly groups: CustomerGroupReader) {}

  async execute({ principal }: CustomerGroupIdsQuery): Promise<string[]> {
    return (await this.groups.inReach(principal)).map((group) => group.id);
  }
}
