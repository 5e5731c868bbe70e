import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { CustomerGroupFieldDto, CustomerGroupFieldOptionDto } from '@beacon/contracts';
import { allOptionsDisabled, excludedOptionIdsFor, fieldDevices, isContactFieldType } from '@beacon/domain';
import { READ_STORE, type Principal } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { CUSTOMER_GROUPS, type CustomerGroupDocument } from '../../shared/read-models/customer-groups.read-model';
import { CONTACT_FIELDS, exclusionsOf, fieldsOfGroups, type ContactFieldDocument } from '../../shared/read-models/contact-fields.read-model';
import { USERS, type UserDocument } from '../../shared/read-models/users.read-model';
import { CustomerGroupFieldsQuery, type CustomerGroupFieldsFlags } from '../../shared/queries/customer-group-fields.query';

interface GroupPlace {
  readonly id: string;
  /** Ids from the root down to the group. */
  readonly path: readonly string[];
}

/** Fields of the groups below the asked one too: include_child_fields, or a column import. */
const withChildFields = (flags: CustomerGroupFieldsFlags) => flags.include_child_fields || (flags.import_contacts && flags.import_by_column);

/**
 * GET /api/customer_group/{id}/fields/ (operators and admins): the fields defined in the group and
 * its ancestors, root first, each in the order it was created; with child fields, those of its
 * descendants after them. Each option says whether the asked group offers it (an exclusion for a
 * group holds for its descendants too); `all_options_disabled` when it offers none. The list reads
 * the fields of the group's path (and descendants) by index, never every field of the tenant.
 * With aggregate_field_options_with_recipient_count, each option counts the users of the group and
 * those below it who hold it. `has_operator_access` and `session_id` change nothing yet: fields have no operator-only setting,
 * and message sessions do not exist in this version.
 */
@QueryHandler(CustomerGroupFieldsQuery)
export class CustomerGroupFieldsHandler implements IQueryHandler<CustomerGroupFieldsQuery, CustomerGroupFieldDto[]> {
  constructor(
    @Inject(CustomerGroupReader) private readonly groups: CustomerGroupReader,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async execute({ principal, customerGroupId, flags }: CustomerGroupFieldsQuery): Promise<CustomerGroupFieldDto[]> {
    const group = await this.groups.reachable(principal, customerGroupId);
    const asked: GroupPlace = { id: group._id, path: group.path };
    const scope = this.readStore.scope(principal.rootId);
    const below = withChildFields(flags)
      ? (await scope.collection<CustomerGroupDocument>(CUSTOMER_GROUPS).find({ path: group._id }, { projection: { _id: 1, path: 1 } }))
          .filter((entry) => entry._id !== group._id)
          .map((entry): GroupPlace => ({ id: entry._id, path: entry.path }))
      : [];
    const depth = new Map([asked, ...below].map((place) => [place.id, place.path.length]));
    const groupIds = [...asked.path, ...below.map((place) => place.id)];
    const { filter, options } = fieldsOfGroups(groupIds);
    const fields = await scope.collection<ContactFieldDocument>(CONTACT_FIELDS).find(filter, options);
    const level = (field: ContactFieldDocument) => depth.get(field.customer_group) ?? asked.path.indexOf(field.customer_group) + 1;
    fields.sort((a, b) => level(a) - level(b) || a.sequence - b.sequence);
    const counts = flags.aggregate_field_options_with_recipient_count ? await this.recipientCounts(principal, group._id, fields) : new Map<string, number>();
    return fields.map((field) => this.entry(field, asked, below, flags, counts));
  }

  /**
   * How many users of the asked group and the groups below it hold each option of these fields: one
   * count per option, by the users' option ids.
   */
  private async recipientCounts(principal: Principal, customerGroupId: string, fields: readonly ContactFieldDocument[]): Promise<Map<string, number>> {
    const users = this.readStore.scope(principal.rootId).collection<UserDocument>(USERS);
    const inGroups = customerGroupId === principal.rootId ? {} : { customer_group: { $in: await this.groups.subtreeIds(principal, customerGroupId) } };
    const optionIds = fields.flatMap((field) => field.options.map((option) => option.id));
    const counts = await Promise.all(optionIds.map((optionId) => users.count({ ...inGroups, option_ids: optionId })));
    return new Map(optionIds.map((optionId, index) => [optionId, counts[index]!]));
  }

  private entry(
    field: ContactFieldDocument,
    asked: GroupPlace,
    below: readonly GroupPlace[],
    flags: CustomerGroupFieldsFlags,
    counts: ReadonlyMap<string, number>,
  ): CustomerGroupFieldDto {
    const exclusions = exclusionsOf(field);
    const excluded = excludedOptionIdsFor(exclusions, asked.path);
    // The groups an option's mapping covers: the asked group, and those below it the field applies to.
    const mapped = flags.mapping ? [asked, ...below.filter((place) => place.path.includes(field.customer_group))] : [];
    const excludedBelow = new Map(mapped.map((place) => [place.id, excludedOptionIdsFor(exclusions, place.path)]));
    const options = field.options.map((option): CustomerGroupFieldOptionDto => ({
      id: option.id,
      field: field.id,
      label: option.label,
      excluded: excluded.has(option.id),
      ...(flags.mapping
        ? {
            mapping: mapped.map((place) => ({
              customer_group: place.id,
              is_inherited: place.id !== field.customer_group,
              excluded: excludedBelow.get(place.id)?.has(option.id) ?? false,
            })),
          }
        : {}),
      ...(flags.aggregate_field_options_with_recipient_count ? { recipient_count: counts.get(option.id) ?? 0 } : {}),
    }));
    const fieldType = isContactFieldType(field.field_type) ? field.field_type : 'TEXT';
    return {
      id: field.id,
      label: field.label,
      field_type: fieldType,
      customer_group: field.customer_group,
      is_inherited: field.customer_group !== asked.id,
      options,
      excluded_options_by_group: Object.fromEntries(field.excluded_options_by_group.map((entry) => [entry.customer_group, [...entry.options]])),
      all_options_disabled: allOptionsDisabled(field.options.map((option) => option.id), excluded),
      devices: fieldDevices({ id: field.id, label: field.label, field_type: fieldType }),
    };
  }
}
