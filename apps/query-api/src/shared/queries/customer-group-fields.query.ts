import { Query } from '@nestjs/cqrs';
import type { CustomerGroupFieldDto, CustomerGroupFieldsQuerySchema } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';
import type { z } from 'zod';

export type CustomerGroupFieldsFlags = z.output<typeof CustomerGroupFieldsQuerySchema>;

/**
 * The contact fields that apply to a group in the caller's reach, as the flags ask. Shared, so that a
 * group read with include_fields=true asks for them on the QueryBus; the fields feature answers it.
 */
export class CustomerGroupFieldsQuery extends Query<CustomerGroupFieldDto[]> {
  constructor(
    readonly principal: Principal,
    readonly customerGroupId: string,
    readonly flags: CustomerGroupFieldsFlags,
  ) {
    super();
  }
}
