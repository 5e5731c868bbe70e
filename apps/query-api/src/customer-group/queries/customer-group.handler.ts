import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { CustomerGroupWithFieldsDto } from '@beacon/contracts';
import { forbidden } from '@beacon/domain';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { CustomerGroupFieldsQuery } from '../../shared/queries/customer-group-fields.query';
import { toCustomerGroupDto } from './customer-group-dto';
import { CustomerGroupQuery } from './customer-group.query';

const FIELD_READERS: ReadonlySet<string> = new Set(['ADMIN', 'OPERATOR']);

const NO_FIELD_FLAGS = {
  mapping: false,
  import_contacts: false,
  import_by_column: false,
  include_child_fields: false,
  aggregate_field_options_with_recipient_count: false,
  has_operator_access: false,
} as const;

/**
 * GET /api/customer_group/{id}/: the group when it is the caller's or a descendant, else 404 (another
 * tenant's ids reveal nothing). With include_fields=true, its contact fields as the fields list answers
 * them (asked on the QueryBus; the fields feature answers), for admins and operators only (spec §6:
 * they load dataset fields; the other roles get 403, as on the fields list).
 */
@QueryHandler(CustomerGroupQuery)
export class CustomerGroupHandler implements IQueryHandler<CustomerGroupQuery, CustomerGroupWithFieldsDto> {
  constructor(
    @Inject(CustomerGroupReader) private readonly groups: CustomerGroupReader,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
  ) {}

  async execute({ principal, customerGroupId, includeFields }: CustomerGroupQuery): Promise<CustomerGroupWithFieldsDto> {
    if (includeFields && !FIELD_READERS.has(principal.customerPermission)) throw forbidden();
    const group = await this.groups.reachable(principal, customerGroupId);
    const dto = toCustomerGroupDto(group, await this.groups.root(principal));
    if (!includeFields) return dto;
    return { ...dto, fields: await this.queryBus.execute(new CustomerGroupFieldsQuery(principal, customerGroupId, NO_FIELD_FLAGS)) };
  }
}
