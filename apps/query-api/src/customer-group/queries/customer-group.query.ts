import { Query } from '@nestjs/cqrs';
import type { CustomerGroupWithFieldsDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** One customer group in the caller's reach; with its contact fields when asked. */
export class CustomerGroupQuery extends Query<CustomerGroupWithFieldsDto> {
  constructor(
    readonly principal: Principal,
    readonly customerGroupId: string,
    readonly includeFields = false,
  ) {
    super();
  }
}
