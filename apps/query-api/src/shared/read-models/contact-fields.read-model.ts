import { READ_MODELS } from '@beacon/contracts';
import type { ExcludedOptions } from '@beacon/domain';
import type { Document, Filter, FindOptions, IndexSpec } from '@beacon/read-store';

/** GET /api/customer_group/{id}/fields/: one document per contact field. */
export const CONTACT_FIELDS = READ_MODELS.contactFields;

export interface ContactFieldOptionEntry {
  id: string;
  label: string;
}

/** The options a group below the field's own does not offer (a list, so ids never become keys). */
export interface ExcludedOptionsEntry {
  customer_group: string;
  options: string[];
}

export interface ContactFieldDocument extends Document {
  id: string;
  label: string;
  field_type: string;
  /** The group the field is defined in. */
  customer_group: string;
  options: ContactFieldOptionEntry[];
  excluded_options_by_group: ExcludedOptionsEntry[];
  /** The position of the event that created it: fields of one group list in the order they were made. */
  sequence: number;
}

/**
 * The fields list asks for the fields of a group's path (a handful of group ids), so the index leads
 * with the group: the list costs the fields it answers, not every field of the tenant.
 */
export const CONTACT_FIELD_INDEXES: readonly IndexSpec[] = [{ keys: { customer_group: 1, sequence: 1 } }];

/**
 * The read of the fields defined in the groups named, sorted as CONTACT_FIELD_INDEXES is: the store
 * then reads that index (without the sort, SQLite prefers to scan every field of the tenant in id order).
 */
export const fieldsOfGroups = (groupIds: readonly string[]): { filter: Filter; options: FindOptions } => ({
  filter: { customer_group: { $in: [...groupIds] } },
  options: { sort: { customer_group: 1, sequence: 1 } },
});

/** The field's exclusions as the domain's rules take them (excludedOptionIdsFor). */
export const exclusionsOf = (field: ContactFieldDocument): ExcludedOptions[] =>
  field.excluded_options_by_group.map((entry) => ({ customerGroupId: entry.customer_group, optionIds: entry.options }));
