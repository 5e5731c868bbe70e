import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ScenarioUsagePageDto } from '@beacon/contracts';
import { fieldIdOfOption, notFound } from '@beacon/domain';
import { READ_STORE, type Principal } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { CUSTOMER_GROUPS, type CustomerGroupDocument } from '../../shared/read-models/customer-groups.read-model';
import { CONTACT_FIELDS, type ContactFieldDocument } from '../../shared/read-models/contact-fields.read-model';
import { SCENARIOS, type ScenarioDocument } from '../../shared/read-models/scenarios.read-model';
import { ScenarioUsageQuery } from './scenario-usage.query';

/**
 * GET /api/field/scenarios/{id}/ and /api/field_option/scenarios/{id}/: a field (or option) the caller
 * sees, one defined in their group, an ancestor of it or a descendant, else 404. The messages that name
 * it (a device of the field, or a select criterion with the option), among those the caller reaches,
 * newest change first.
 */
@QueryHandler(ScenarioUsageQuery)
export class ScenarioUsageHandler implements IQueryHandler<ScenarioUsageQuery, ScenarioUsagePageDto> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ principal, kind, id, page, pageSize }: ScenarioUsageQuery): Promise<ScenarioUsagePageDto> {
    const fieldId = kind === 'field' ? id : fieldIdOfOption(id);
    if (fieldId === null) throw notFound();
    const field = await this.readStore.scope(principal.rootId).collection<ContactFieldDocument>(CONTACT_FIELDS).findOne({ _id: fieldId });
    if (!field || !(await this.sees(principal, field.customer_group))) throw notFound();
    if (kind === 'option' && !field.options.some((option) => option.id === id)) throw notFound();
    const scope = this.readStore.scope(principal.rootId);
    const reach = await scope.collection<CustomerGroupDocument>(CUSTOMER_GROUPS).find({ path: principal.customerGroupId }, { projection: { _id: 1 } });
    const filter = { customer_group: { $in: reach.map((group) => group._id) }, ...(kind === 'field' ? { field_ids: id } : { option_ids: id }) };
    const scenarios = scope.collection<ScenarioDocument>(SCENARIOS);
    const [count, results] = await Promise.all([
      scenarios.count(filter),
      scenarios.find(filter, { sort: { updated_at: -1 }, skip: (page - 1) * pageSize, limit: pageSize, projection: { draft: 0 } }),
    ]);
    return {
      count,
      next: page * pageSize < count ? page + 1 : null,
      previous: page > 1 ? page - 1 : null,
      results: results.map((scenario) => ({ id: scenario._id, name: scenario.name, scenario_id: scenario.scenario_id, is_real: scenario.is_real })),
    };
  }

  /** Whether the group is the caller's, one of its ancestors (its fields apply to the caller's group) or one of its descendants. */
  private async sees(principal: Principal, customerGroupId: string): Promise<boolean> {
    const groups = this.readStore.scope(principal.rootId).collection<CustomerGroupDocument>(CUSTOMER_GROUPS);
    const [own, other] = await Promise.all([groups.findOne({ _id: principal.customerGroupId }), groups.findOne({ _id: customerGroupId })]);
    return Boolean(own && other && (own.path.includes(other._id) || other.path.includes(own._id)));
  }
}
