import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { CustomerGroupFieldDto, MergeFieldsDto } from '@beacon/contracts';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { CustomerGroupFieldsQuery } from '../../shared/queries/customer-group-fields.query';
import { MergeFieldsQuery } from './merge-fields.query';

const FIELD_LIST = {
  mapping: false,
  import_contacts: false,
  import_by_column: false,
  include_child_fields: false,
  aggregate_field_options_with_recipient_count: false,
  has_operator_access: false,
} as const;

/** GET /api/merge_fields/{id}/: every contact field that applies to the group (from the fields feature, on the QueryBus), each with merge_field_enabled. */
@QueryHandler(MergeFieldsQuery)
export class MergeFieldsHandler implements IQueryHandler<MergeFieldsQuery, MergeFieldsDto> {
  constructor(
    @Inject(CustomerGroupReader) private readonly groups: CustomerGroupReader,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
  ) {}

  async execute({ principal, customerGroupId }: MergeFieldsQuery): Promise<MergeFieldsDto> {
    const group = await this.groups.reachable(principal, customerGroupId);
    const enabled = new Set(group.merge_field_ids ?? []);
    const fields: CustomerGroupFieldDto[] = await this.queryBus.execute(new CustomerGroupFieldsQuery(principal, customerGroupId, FIELD_LIST));
    return { field_data: fields.map((field) => ({ id: field.id, label: field.label, field_type: field.field_type, merge_field_enabled: enabled.has(field.id) })) };
  }
}
