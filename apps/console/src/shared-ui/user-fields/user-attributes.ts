import type { UserDto } from '@beacon/contracts';
import { BLANK, EMAIL_INVALID_MESSAGE, isIanaTimeZone, REQUIRED, TIMEZONE_INVALID, tooLong, USER_NAME_MAX_LENGTH } from '@beacon/domain';

/** What the user forms edit of a user besides their contact-field values (POST and PUT /api/user/). */
export type UserAttributes = Pick<
  UserDto,
  'email' | 'first_name' | 'last_name' | 'customer_group' | 'customer_permission' | 'preferred_timezone' | 'is_active' | 'is_message_recipient'
>;
export type UserAttribute = keyof UserAttributes;

export const USER_ATTRIBUTES: readonly UserAttribute[] = [
  'email',
  'first_name',
  'last_name',
  'customer_group',
  'customer_permission',
  'preferred_timezone',
  'is_active',
  'is_message_recipient',
];

/** As the server checks an email: something, an @, something, a dot, something. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function nameErrors(name: string): string[] {
  if (name.trim() === '') return [BLANK];
  return name.trim().length > USER_NAME_MAX_LENGTH ? [tooLong(USER_NAME_MAX_LENGTH)] : [];
}

/** The messages the server would give the attributes named, by attribute (the server's words). */
export function userAttributeErrors(values: UserAttributes, attributes: readonly UserAttribute[] = USER_ATTRIBUTES): Partial<Record<UserAttribute, string[]>> {
  const errors: Partial<Record<UserAttribute, string[]>> = {};
  const add = (attribute: UserAttribute, messages: string[]) => {
    if (attributes.includes(attribute) && messages.length > 0) errors[attribute] = messages;
  };
  const email = values.email.trim();
  add('email', email === '' ? [REQUIRED] : EMAIL_PATTERN.test(email) ? [] : [EMAIL_INVALID_MESSAGE]);
  add('first_name', nameErrors(values.first_name));
  add('last_name', nameErrors(values.last_name));
  add('customer_group', values.customer_group === '' ? [REQUIRED] : []);
  add('preferred_timezone', isIanaTimeZone(values.preferred_timezone) ? [] : [TIMEZONE_INVALID]);
  return errors;
}

/** The attributes as sent: text trimmed. */
export function sentAttributes<K extends UserAttribute>(values: UserAttributes, attributes: readonly K[]): Pick<UserAttributes, K> {
  const sent = {} as Record<UserAttribute, unknown>;
  for (const attribute of attributes) {
    const value = values[attribute];
    sent[attribute] = typeof value === 'string' ? value.trim() : value;
  }
  return sent as Pick<UserAttributes, K>;
}
