import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ScenarioUsagePageDto } from '@beacon/contracts';
import { fieldIdOfOption, notFound } from '@beacon/domain';
import { READ_STORE, type Principal } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { CUSTOMER_GROUPS, type CustomerGroupDocument } from '../../shared/read-models/customer-groups.read-model';
import { CONTACT_FIELDS, type ContactFieldDocument } from '../../shared/read-models/contact-fields.read-model';
import { ScenarioUsageQuery } from './scenario-usage.query';

/**
 * GET /api/field/scenarios/{id}/ and /api/field_option/scenarios/{id}/: a field (or option) the caller
 * sees, one defined in their group, an ancestor of it or a descendant, else 404. Messages (scenarios)
 * do not exist in this version yet, so no message uses anything and every page is empty; the message
 * feature fills this from its read model.
 */
@QueryHandler(ScenarioUsageQuery)
export class ScenarioUsageHandler implements IQueryHandler<ScenarioUsageQuery, ScenarioUsagePageDto> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ principal, kind, id }: ScenarioUsageQuery): Promise<ScenarioUsagePageDto> {
    const fieldId = kind === 'field' ? id : fieldIdOfOption(id);
    if (fieldId === null) throw notFound();
    const field = await this.readStore.scope(principal.rootId).collection<ContactFieldDocument>(CONTACT_FIELDS).findOne({ _id: fieldId });
    if (!field || !(await this.sees(principal, field.customer_group))) throw notFound();
    if (kind === 'option' && !field.options.some((option) => option.id === id)) throw notFound();
    return { count: 0, next: null, previous: null, results: [] };
  }

  /** Whether the group is the caller's, one of its ancestors (its fields apply to the caller's group) or one of its descendants. */
  private async sees(principal: Principal, customerGroupId: string): Promise<boolean> {
    const groups = this.readStore.scope(principal.rootId).collection<CustomerGroupDocument>(CUSTOMER_GROUPS);
    const [own, other] = await Promise.all([groups.findOne({ _id: principal.customerGroupId }), groups.findOne({ _id: customerGroupId })]);
    return Boolean(own && other && (own.path.includes(other._id) || other.path.includes(own._id)));
  }
}
