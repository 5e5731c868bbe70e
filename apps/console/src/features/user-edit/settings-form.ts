import type { UserDto } from '@beacon/contracts';
import { formErrors } from '../../api/api-error';
import type { UserEditAccess } from '../../navigation/user-administration';
import { sentAttributes, USER_ATTRIBUTES, userAttributeErrors, type UserAttribute, type UserAttributes } from '../../shared-ui/user-fields/user-attributes';
import type { FormCalls } from './fields-form';
import type { UserFormDefinition } from './machines/user-form.machine';

/** What a user editing their own profile may change (spec part 2 §6, the profile-edit rule). */
export const PROFILE_ATTRIBUTES: readonly UserAttribute[] = ['first_name', 'last_name', 'preferred_timezone'];

export const editableAttributes = (access: UserEditAccess): readonly UserAttribute[] => (access === 'profile' ? PROFILE_ATTRIBUTES : USER_ATTRIBUTES);

/**
 * The Settings tab of a user: names, email, role, customer group, time zone and the two flags (or,
 * for users editing themselves, names and time zone), checked as typed; a save sends what changed.
 */
export function settingsFormDefinition(access: UserEditAccess, { api, notify, onSaved }: Omit<FormCalls, 'dialCodeOf'>): UserFormDefinition<UserAttributes> {
  const editable = editableAttributes(access);
  const valuesOf = (user: UserDto): UserAttributes => sentAttributes(user, USER_ATTRIBUTES);
  const changedFields = (values: UserAttributes, saved: UserAttributes) => editable.filter((attribute) => values[attribute] !== saved[attribute]);
  return {
    valuesOf,
    changedFields,
    errors: (values, user) => userAttributeErrors(values, changedFields(values, valuesOf(user))),
    save: (values, user) => api.changeUser(user.id, sentAttributes(values, changedFields(values, valuesOf(user)))),
    refusal: (error) => {
      const { fields, messages } = formErrors(error, USER_ATTRIBUTES);
      return { fields: fields as Record<string, readonly string[]>, messages };
    },
    notify,
    onSaved,
  };
}
