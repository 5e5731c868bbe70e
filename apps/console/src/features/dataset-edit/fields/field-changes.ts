import type { CustomerGroupFieldDto } from '@beacon/contracts';
import type { ContactFieldType } from '@beacon/domain';
import type { ContactFieldsApi } from './contact-fields-api';

/** One change an admin makes to a dataset's contact fields, as the fields editor sends it. */
export type FieldChange =
  | { kind: 'create'; label: string; fieldType: ContactFieldType; options: string[] | null }
  | { kind: 'rename'; field: CustomerGroupFieldDto; label: string }
  | { kind: 'delete'; field: CustomerGroupFieldDto }
  | { kind: 'addOption'; field: CustomerGroupFieldDto; label: string }
  | { kind: 'deleteOption'; field: CustomerGroupFieldDto; optionId: string; label: string }
  /** Whether the dataset shown offers one option of a field it inherits. */
  | { kind: 'offer'; field: CustomerGroupFieldDto; optionId: string; label: string; offered: boolean };

/** The field's exclusion mapping with one option offered again, or no longer offered, in the group. */
export function exclusionsWith(field: CustomerGroupFieldDto, groupId: string, optionId: string, offered: boolean): Record<string, string[]> {
  const mapping: Record<string, string[]> = {};
  for (const [group, optionIds] of Object.entries(field.excluded_options_by_group)) mapping[group] = [...optionIds];
  const current = new Set(mapping[groupId] ?? []);
  if (offered) current.delete(optionId);
  else current.add(optionId);
  mapping[groupId] = [...current];
  return mapping;
}

/** Sends the change for the dataset `groupId`. */
export function sendFieldChange(api: ContactFieldsApi, groupId: string, change: FieldChange): Promise<unknown> {
  switch (change.kind) {
    case 'create':
      return api.createField(groupId, { label: change.label, field_type: change.fieldType, options: change.options });
    case 'rename':
      return api.renameField(change.field.id, change.label);
    case 'delete':
      return api.deleteField(change.field.id);
    case 'addOption':
      return api.addOption(change.field.id, change.label);
    case 'deleteOption':
      return api.deleteOption(change.field.customer_group, change.optionId);
    case 'offer':
      return api.setExcludedOptions(change.field.id, exclusionsWith(change.field, groupId, change.optionId, change.offered));
  }
}

/** The snackbar once the change is saved. */
export function changedText(change: FieldChange): string {
  switch (change.kind) {
    case 'create':
      return `Field “${change.label}” added.`;
    case 'rename':
      return `Field renamed to “${change.label}”.`;
    case 'delete':
      return `Field “${change.field.label}” deleted.`;
    case 'addOption':
      return `Option “${change.label}” added to “${change.field.label}”.`;
    case 'deleteOption':
      return `Option “${change.label}” deleted.`;
    case 'offer':
      return change.offered ? `“${change.label}” is offered in this dataset again.` : `“${change.label}” is no longer offered in this dataset.`;
  }
}
