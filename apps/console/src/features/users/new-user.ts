import type { CustomerGroupDto, UserDto } from '@beacon/contracts';
import { formErrors } from '../../api/api-error';
import { settingsOfGroup } from '../../navigation/user-administration';
import { fieldInputs, fieldValueProblems, messagesByField, type FieldDrafts, type UserField } from '../../shared-ui/user-fields/field-values';
import { USER_ATTRIBUTES, userAttributeErrors, sentAttributes, type UserAttributes } from '../../shared-ui/user-fields/user-attributes';
import type { CreateUserRequest } from './users-api';

/** The add-user form: the user's attributes and the values of the group's device fields. */
export interface NewUser {
  readonly attributes: UserAttributes;
  readonly devices: FieldDrafts;
}

/** Messages per form field: an attribute's name or a device field's id. */
export type NewUserErrors = Readonly<Record<string, readonly string[]>>;

/** A new user of the group: a contact, active, receiving messages, in the group's time zone. */
export function newUserIn(group: CustomerGroupDto | undefined, groupId: string, fallbackTimeZone: string): UserAttributes {
  return {
    email: '',
    first_name: '',
    last_name: '',
    customer_group: groupId,
    customer_permission: 'CONTACT',
    preferred_timezone: group ? settingsOfGroup(group).preferred_timezone : fallbackTimeZone,
    is_active: true,
    is_message_recipient: true,
  };
}

const typedDevices = (devices: FieldDrafts) => Object.keys(devices).filter((id) => (devices[id] ?? []).some((value) => value.trim() !== ''));

/** What the server would refuse, as typed: attributes by name, device values by field id. */
export function newUserErrors(user: NewUser, deviceFields: readonly UserField[], dialCode: string): NewUserErrors {
  return { ...userAttributeErrors(user.attributes), ...fieldValueProblems(deviceFields, user.devices, typedDevices(user.devices), dialCode) };
}

/** POST /api/user/: the attributes and the device values typed (a user starts with none). */
export function createUserRequest(user: NewUser): CreateUserRequest {
  const customFields = fieldInputs(user.devices, typedDevices(user.devices));
  return { ...sentAttributes(user.attributes, USER_ATTRIBUTES), ...(customFields.length > 0 ? { custom_fields: customFields } : {}) };
}

/** A refused create: messages by form field (`custom_fields` under the device field its label names), the rest on their own. */
export function newUserServerErrors(error: unknown, deviceFields: readonly UserField[]): { fields: NewUserErrors; messages: string[] } {
  const { fields, messages } = formErrors(error, [...USER_ATTRIBUTES, 'custom_fields']);
  const { custom_fields: customFields = [], ...attributes } = fields;
  const devices = messagesByField(customFields, deviceFields);
  return { fields: { ...attributes, ...devices.byField }, messages: [...devices.others, ...messages] };
}

export const createdText = (user: Pick<UserDto, 'first_name' | 'last_name'>) => `User “${`${user.first_name} ${user.last_name}`.trim()}” created.`;
