import type { DomainEvent } from '../shared/decider';
import type { ContactFieldType } from './field-types';

/** Schema version of each event type; bump when a type's data changes shape (types are never renamed). */
export const FIELD_EVENT_VERSIONS = {
  ContactFieldCreated: 1,
  ContactFieldRenamed: 1,
  ContactFieldDeleted: 1,
  ContactFieldOptionAdded: 1,
  ContactFieldOptionRenamed: 1,
  ContactFieldOptionDeleted: 1,
  ContactFieldExcludedOptionsChanged: 1,
} as const;

export interface ContactFieldOption {
  readonly optionId: string;
  readonly label: string;
}

/** The options of a field that a customer group below the field's own group does not offer. */
export interface ExcludedOptions {
  readonly customerGroupId: string;
  readonly optionIds: readonly string[];
}

/** Every event names the field's customer group and, for the activity log, the field's label. */
interface OfField {
  readonly fieldId: string;
  readonly customerGroupId: string;
}

/** A field defined in a customer group: it applies to that group and its descendants. */
export type ContactFieldCreated = DomainEvent<
  'ContactFieldCreated',
  OfField & { label: string; fieldType: ContactFieldType; options: readonly ContactFieldOption[] }
>;

export type ContactFieldRenamed = DomainEvent<'ContactFieldRenamed', OfField & { label: string; previousLabel: string }>;

/** The field is gone with its options and exclusions (its label kept for the activity log). */
export type ContactFieldDeleted = DomainEvent<'ContactFieldDeleted', OfField & { label: string }>;

export type ContactFieldOptionAdded = DomainEvent<'ContactFieldOptionAdded', OfField & { fieldLabel: string; option: ContactFieldOption }>;

export type ContactFieldOptionRenamed = DomainEvent<
  'ContactFieldOptionRenamed',
  OfField & { fieldLabel: string; optionId: string; label: string; previousLabel: string }
>;

/** The option is gone, and with it from every group's exclusions. */
export type ContactFieldOptionDeleted = DomainEvent<'ContactFieldOptionDeleted', OfField & { fieldLabel: string; optionId: string; label: string }>;

/** The whole mapping of excluded options by customer group, as it now stands (groups with none left out). */
export type ContactFieldExcludedOptionsChanged = DomainEvent<
  'ContactFieldExcludedOptionsChanged',
  OfField & { fieldLabel: string; excludedOptionsByGroup: readonly ExcludedOptions[] }
>;

export type ContactFieldEvent =
  | ContactFieldCreated
  | ContactFieldRenamed
  | ContactFieldDeleted
  | ContactFieldOptionAdded
  | ContactFieldOptionRenamed
  | ContactFieldOptionDeleted
  | ContactFieldExcludedOptionsChanged;
