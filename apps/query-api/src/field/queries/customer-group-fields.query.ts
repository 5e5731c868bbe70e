import { Query } from '@nestjs/cqrs';
import type { CustomerGroupFieldDto, CustomerGroupFieldsQuerySchema } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';
import type { z } from 'zod';

export type CustomerGroupFieldsFlags = z.output<typeof CustomerGroupFieldsQuerySchema>;

/** The contact fields that apply to a group in the caller's reach, as the flags ask. */
export class CustomerGroupFieldsQuery extends Query<CustomerGroupFieldDto[]> {
  constructor(
    readonly principal: Principal,
    readonly customerGroupId: string,
    readonly flags: CustomerGroupFieldsFlags,
  ) {
    super();
  }
}
