import type { UserFieldValueDto } from '@beacon/contracts';
import { excludedOptionIdsFor, isContactFieldType, isSelectFieldType } from '@beacon/domain';
import type { ReadStore } from '@beacon/read-store';
import { CONTACT_FIELDS, exclusionsOf, fieldsOfGroups, type ContactFieldDocument } from '../../shared/read-models/contact-fields.read-model';
import type { UserDocument } from '../../shared/read-models/users.read-model';

type TenantScope = ReturnType<ReadStore['scope']>;

/**
 * `custom_fields` of GET /api/user/{id}/?custom_fields=true: every contact field of the user's group
 * (`groupPath`: its ids from the root down), root first and in the order each was created, with the
 * user's values. Values of a field that no longer applies (deleted, or the user moved away from it)
 * are not shown; an option deleted since it was chosen is left out of a select field's values. A
 * select field lists the options the group offers, so whoever may edit the user can choose among them.
 */
export async function userCustomFields(scope: TenantScope, groupPath: readonly string[], user: UserDocument): Promise<UserFieldValueDto[]> {
  const { filter, options } = fieldsOfGroups(groupPath);
  const fields = await scope.collection<ContactFieldDocument>(CONTACT_FIELDS).find(filter, options);
  const level = (field: ContactFieldDocument) => groupPath.indexOf(field.customer_group);
  fields.sort((a, b) => level(a) - level(b) || a.sequence - b.sequence);
  const held = new Map((user.field_values ?? []).map((entry) => [entry.field, entry.values]));
  return fields.map((field) => valueOf(field, user.id, held.get(field.id) ?? [], groupPath));
}

function valueOf(field: ContactFieldDocument, userId: string, held: readonly string[], groupPath: readonly string[]): UserFieldValueDto {
  const fieldType = isContactFieldType(field.field_type) ? field.field_type : 'TEXT';
  const base = { field: field.id, field_type: fieldType, field_value_label: field.label, user: userId };
  if (!isSelectFieldType(fieldType)) return { ...base, values: [...held], option_label: null };
  const labels = new Map(field.options.map((option) => [option.id, option.label]));
  const values = held.filter((optionId) => labels.has(optionId));
  const excluded = excludedOptionIdsFor(exclusionsOf(field), groupPath);
  const options = field.options.filter((option) => !excluded.has(option.id)).map(({ id, label }) => ({ id, label }));
  return { ...base, values, option_label: values.length ? values.map((optionId) => labels.get(optionId)!).join(', ') : null, options };
}
