import type { UserDto } from '@beacon/contracts';
import { formErrors } from '../../api/api-error';
import {
  fieldChanged,
  fieldInputs,
  fieldValueProblems,
  isDeviceField,
  messagesByField,
  type FieldDrafts,
  type UserField,
} from '../../shared-ui/user-fields/field-values';
import type { UserFormDefinition } from './machines/user-form.machine';
import type { UserEditApi } from './user-edit-api';

/** Devices: the phone and email fields. Data: every other field. */
export type FieldsKind = 'devices' | 'data';

/** The contact fields of the user's group of one kind, with the options the group offers. */
export function userFieldsOf(user: UserDto, kind: FieldsKind): UserField[] {
  return (user.custom_fields ?? [])
    .map((entry) => ({ id: entry.field, label: entry.field_value_label, field_type: entry.field_type, options: entry.options ?? [] }))
    .filter((field) => isDeviceField(field) === (kind === 'devices'));
}

export interface FormCalls {
  api: UserEditApi;
  /** The dial code numbers typed without one are read with: the user's group's. */
  dialCodeOf: (groupId: string) => string;
  notify: (text: string, type: 'default' | 'error') => void;
  onSaved: (user: UserDto) => void;
}

/**
 * The Devices or Data tab of a user: one value (or chosen options) per field, checked as typed by
 * the server's rules; a save sends the fields that changed (`custom_fields`), then reads the user
 * again for the values as stored (phone numbers in E.164).
 */
export function fieldsFormDefinition(kind: FieldsKind, { api, dialCodeOf, notify, onSaved }: FormCalls): UserFormDefinition<FieldDrafts> {
  const valuesOf = (user: UserDto): FieldDrafts =>
    Object.fromEntries((user.custom_fields ?? []).filter((entry) => userFieldsOf(user, kind).some((field) => field.id === entry.field)).map((entry) => [entry.field, entry.values]));
  const changedFields = (values: FieldDrafts, saved: FieldDrafts, user: UserDto) =>
    userFieldsOf(user, kind)
      .filter((field) => fieldChanged(field, values[field.id] ?? [], saved[field.id] ?? []))
      .map((field) => field.id);
  const changed = (values: FieldDrafts, user: UserDto) => changedFields(values, valuesOf(user), user);
  return {
    valuesOf,
    changedFields,
    errors: (values, user) => fieldValueProblems(userFieldsOf(user, kind), values, changed(values, user), dialCodeOf(user.customer_group)),
    save: (values, user) => api.changeUser(user.id, { custom_fields: fieldInputs(values, changed(values, user)) }),
    refusal: (error, user) => {
      const { fields, messages } = formErrors(error, ['custom_fields']);
      const { byField, others } = messagesByField(fields.custom_fields ?? [], userFieldsOf(user, kind));
      return { fields: byField, messages: [...others, ...messages] };
    },
    notify,
    onSaved,
  };
}
