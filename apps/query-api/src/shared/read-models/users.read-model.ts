import { READ_MODELS } from '@beacon/contracts';
import type { UserRegistered } from '@beacon/domain';
import type { Document } from '@beacon/read-store';
import { escapeRegExp } from '../queries/plain-text-pattern';

export const USERS = READ_MODELS.users;

/** One document per user, shaped like GET /api/user/{id}/. */
export interface UserDocument extends Document {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  customer_permission: UserRegistered['data']['customerPermission'];
  customer_group: string;
  is_temporary: boolean;
  preferred_timezone: string;
  /** When the user last signed in or out (ISO); calls in between are on the token records. */
  last_activity: string | null;
  failed_attempts: number;
  /** End of the latest lock (ISO); the reader compares it with the time (a lock ends without an event). */
  locked_until?: string | null;
  password_reset_attempts?: number;
  two_factor_enabled?: boolean;
  /** Absent in documents projected before these flags existed: true. */
  is_active?: boolean;
  is_message_recipient?: boolean;
  /**
   * The list's label and search text, "First Last <email>", and its sort keys, the names in lower
   * case (so the list orders them as a reader does). Absent in documents projected before the user
   * list existed: `npm run rebuild -- users` adds them.
   */
  address_string?: string;
  first_name_key?: string;
  last_name_key?: string;
  /** The user's contact-field values (devices and data), one entry per field that has any. */
  field_values?: UserFieldValueEntry[];
  /** Every option id the user holds in a select field: who holds an option is one indexed read. */
  option_ids?: string[];
  /**
   * "<field id>=<value in lower case>" per value, and the ids of the fields with a value
   * (`valued_fields`): the user list's filter by a contact field's value, or by its absence, reads them.
   */
  field_value_keys?: string[];
  valued_fields?: string[];
}

export interface UserFieldValueEntry {
  field: string;
  values: string[];
}

/** The key a user's value of a contact field is found by in `field_value_keys`. */
export const fieldValueKey = (fieldId: string, value: string) => `${fieldId}=${value.trim().toLowerCase()}`;

/** The document's values and lookup keys after `changed` replaced those of its fields. */
export function withFieldValues(current: readonly UserFieldValueEntry[], changed: readonly { fieldId: string; values: readonly string[] }[]): Partial<UserDocument> {
  const byField = new Map(current.map((entry) => [entry.field, entry.values]));
  for (const { fieldId, values } of changed) {
    if (values.length) byField.set(fieldId, [...values]);
    else byField.delete(fieldId);
  }
  const field_values = [...byField].map(([field, values]) => ({ field, values }));
  return {
    field_values,
    option_ids: [...new Set(field_values.flatMap((entry) => entry.values.filter((value) => value.startsWith(`${entry.field}.`))))],
    field_value_keys: field_values.flatMap((entry) => entry.values.map((value) => fieldValueKey(entry.field, value))),
    valued_fields: field_values.map((entry) => entry.field),
  };
}

/**
 * One small document per user (the users projection keeps it beside the user's): who they are, where,
 * and whether messages reach them. Reads that go through thousands of users at once (who is on call
 * now) read these, not the whole user, whose contact-field values make it several times larger; a
 * message's recipients are counted on USER_RECIPIENT_KEYS.
 */
export const USER_CARDS = 'user_cards';

export interface UserCardDocument extends Document {
  first_name: string;
  last_name: string;
  email: string;
  customer_group: string;
  first_name_key: string;
  last_name_key: string;
  is_active: boolean;
  is_message_recipient: boolean;
  option_ids: string[];
}

/** Ids as one string, each followed by a space and the first preceded by one: " a b c " (empty for none). */
export const keyString = (ids: readonly string[]): string => (ids.length ? ` ${ids.join(' ')} ` : '');

/** The ids of a key string. */
export const keysOf = (keys: string | undefined): string[] => (keys ?? '').split(' ').filter(Boolean);


/** The filter of the documents whose key string at `path` holds `id` (a plain substring, which the SQLite store tests with instr). */
export const holdsKey = (path: string, id: string) => ({ [path]: { $regex: escapeRegExp(` ${id} `) } });

/** The fields of `values` holding a value other than an option of the field (option ids are "<field id>.<n>"). */
export const fieldsValuedOtherThanOptions = (values: readonly UserFieldValueEntry[]): string[] =>
  values.filter((entry) => entry.values.some((value) => !value.startsWith(`${entry.field}.`))).map((entry) => entry.field);

/** The card of a user document. */
export const userCardOf = (user: UserDocument): UserCardDocument => ({
  _id: user._id,
  first_name: user.first_name,
  last_name: user.last_name,
  email: user.email,
  customer_group: user.customer_group,
  first_name_key: user.first_name_key ?? user.first_name.toLowerCase(),
  last_name_key: user.last_name_key ?? user.last_name.toLowerCase(),
  is_active: user.is_active ?? true,
  is_message_recipient: user.is_message_recipient ?? true,
  option_ids: user.option_ids ?? [],
});

/**
 * One smaller document still per user (the users projection keeps it beside the user's and the card):
 * what a message's recipient criteria test. The options held, and the fields holding a value other
 * than options (the fields a device can be made of), are each one string of ids between spaces
 * (keyString), so "holds this option" and "has a value for this field" are substring tests; the
 * collection's index holds them with the group and flags, so SQLite counts recipients from that
 * index alone, never reading a document (arrays would be read out of every one).
 */
export const USER_RECIPIENT_KEYS = 'user_recipient_keys';

export interface UserRecipientKeysDocument extends Document {
  customer_group: string;
  is_active: boolean;
  is_message_recipient: boolean;
  option_keys: string;
  valued_field_keys: string;
}

/** The recipient keys of a user document. */
export const recipientKeysOf = (user: UserDocument): UserRecipientKeysDocument => ({
  _id: user._id,
  customer_group: user.customer_group,
  is_active: user.is_active ?? true,
  is_message_recipient: user.is_message_recipient ?? true,
  option_keys: keyString(user.option_ids ?? []),
  valued_field_keys: keyString(fieldsValuedOtherThanOptions(user.field_values ?? [])),
});

/**
 * Deleted users, kept (by the users projection) only so that the activity log can still name who did
 * what; nothing else reads them.
 */
export const FORMER_USERS = 'former_users';

export interface FormerUserDocument extends Document {
  email: string;
  first_name: string;
  last_name: string;
}
