import { READ_MODEL_PROJECTIONS } from '@beacon/contracts';
import {
  ownValue,
  type UserCustomerPermissionChanged,
  type UserDeleted,
  type UserDetailsChanged,
  type UserEmailChanged,
  type UserFieldValuesChanged,
  type UserLockedOut,
  type UserMovedToCustomerGroup,
  type UserRegistered,
} from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import type { Document, IndexSpec } from '@beacon/read-store';
import type { ProjectionDefinition } from '@beacon/projections';
import {
  fieldsValuedOtherThanOptions,
  FORMER_USERS,
  keyString,
  keysOf,
  recipientKeysOf,
  USER_CARDS,
  USER_RECIPIENT_KEYS,
  USERS,
  userCardOf,
  withFieldValues,
  type FormerUserDocument,
  type UserCardDocument,
  type UserDocument,
  type UserRecipientKeysDocument,
} from '../../shared/read-models/users.read-model';
import { USER_LIST_INDEXES, withListKeys } from '../queries/user-list-query';

const tenantOf = (event: RecordedEvent) => String(event.metadata.tenantId);

function registered(data: UserRegistered['data']): UserDocument {
  return {
    _id: data.userId,
    id: data.userId,
    email: data.email,
    first_name: data.firstName,
    last_name: data.lastName,
    customer_permission: data.customerPermission,
    customer_group: data.customerGroupId,
    is_temporary: data.isTemporary,
    preferred_timezone: data.preferredTimezone,
    last_activity: null,
    failed_attempts: 0,
    locked_until: null,
    password_reset_attempts: 0,
    two_factor_enabled: false,
    is_active: data.isActive ?? true,
    is_message_recipient: data.isMessageRecipient ?? true,
  };
}

function detailsChanged(data: UserDetailsChanged['data']): Partial<UserDocument> {
  return {
    ...(data.firstName === undefined ? {} : { first_name: data.firstName }),
    ...(data.lastName === undefined ? {} : { last_name: data.lastName }),
    ...(data.preferredTimezone === undefined ? {} : { preferred_timezone: data.preferredTimezone }),
    ...(data.isActive === undefined ? {} : { is_active: data.isActive }),
    ...(data.isMessageRecipient === undefined ? {} : { is_message_recipient: data.isMessageRecipient }),
  };
}

type Patch = (current: UserDocument, event: RecordedEvent) => Partial<UserDocument>;

/** How each user event changes the document; events not listed leave it as it is. */
const PATCHES: Readonly<Record<string, Patch>> = {
  UserSignedIn: (_, event) => ({ failed_attempts: 0, locked_until: null, last_activity: event.recordedAt }),
  UserImpersonated: (_, event) => ({ last_activity: event.recordedAt }),
  UserSignedOut: (_, event) => ({ last_activity: event.recordedAt }),
  UserSignInFailed: (current) => ({ failed_attempts: current.failed_attempts + 1 }),
  UserLockedOut: (_, event) => ({ locked_until: (event.data as UserLockedOut['data']).lockedUntil ?? null }),
  UserFailedLoginAttemptsCleared: () => ({ failed_attempts: 0, locked_until: null }),
  UserPasswordResetRequested: (current) => ({ password_reset_attempts: (current.password_reset_attempts ?? 0) + 1 }),
  UserPasswordReset: () => ({ password_reset_attempts: 0 }),
  UserPasswordResetAttemptsCleared: () => ({ password_reset_attempts: 0 }),
  UserTwoFactorEnabled: () => ({ two_factor_enabled: true }),
  UserTwoFactorDisabled: () => ({ two_factor_enabled: false }),
  UserCustomerPermissionChanged: (_, event) => ({
    customer_permission: (event.data as UserCustomerPermissionChanged['data']).customerPermission,
  }),
  UserDetailsChanged: (_, event) => detailsChanged(event.data as UserDetailsChanged['data']),
  UserEmailChanged: (_, event) => ({ email: (event.data as UserEmailChanged['data']).email }),
  UserMovedToCustomerGroup: (_, event) => ({ customer_group: (event.data as UserMovedToCustomerGroup['data']).customerGroupId }),
  UserFieldValuesChanged: (current, event) => withFieldValues(current.field_values ?? [], (event.data as UserFieldValuesChanged['data']).values),
};

/** A deleted user leaves the users read model (reads answer 404, lists leave them out); the activity log keeps their name. */
function deleted(event: RecordedEvent) {
  const { userId, email, firstName, lastName } = event.data as UserDeleted['data'];
  const former: FormerUserDocument = { _id: userId, email, first_name: firstName, last_name: lastName };
  return [
    { collection: USERS, tenantId: tenantOf(event), id: userId, apply: () => null },
    { collection: USER_CARDS, tenantId: tenantOf(event), id: userId, apply: () => null },
    { collection: USER_RECIPIENT_KEYS, tenantId: tenantOf(event), id: userId, apply: () => null },
    { collection: FORMER_USERS, tenantId: tenantOf(event), id: userId, apply: () => former },
  ];
}

/** The events that change what a user's card and recipient keys hold. */
const CARD_EVENTS: ReadonlySet<string> = new Set(['UserRegistered', 'UserDetailsChanged', 'UserEmailChanged', 'UserMovedToCustomerGroup', 'UserFieldValuesChanged']);

/** The options a card holds once the fields an event names hold their new values (option ids are "<field id>.<n>"). */
function optionsAfter(held: readonly string[], changed: UserFieldValuesChanged['data']['values']): string[] {
  const options = withFieldValues(
    changed.map(({ fieldId }) => ({ field: fieldId, values: [] })),
    changed,
  ).option_ids!;
  const replaced = (optionId: string) => changed.some(({ fieldId }) => optionId.startsWith(`${fieldId}.`));
  return [...new Set([...held.filter((optionId) => !replaced(optionId)), ...options])];
}

/** The card as the event leaves it: the same change as the user's document, on the card's fields. */
function cardChange(event: RecordedEvent, userId: string) {
  const apply = (current: UserCardDocument | null): UserCardDocument | null => {
    if (event.type === 'UserRegistered') return current ?? userCardOf(withListKeys(registered(event.data as UserRegistered['data'])));
    if (!current) return null;
    if (event.type === 'UserFieldValuesChanged') return { ...current, option_ids: optionsAfter(current.option_ids, (event.data as UserFieldValuesChanged['data']).values) };
    const asUser = current as unknown as UserDocument;
    return { ...userCardOf(withListKeys({ ...asUser, ...ownValue(PATCHES, event.type)!(asUser, event) })), option_ids: current.option_ids };
  };
  return { collection: USER_CARDS, tenantId: tenantOf(event), id: userId, apply: apply as (current: Document | null) => Document | null };
}

/** The fields valued by something other than options once the fields an event names hold their new values. */
function valuedFieldsAfter(held: readonly string[], changed: UserFieldValuesChanged['data']['values']): string[] {
  const named = new Set(changed.map(({ fieldId }) => fieldId));
  const valued = fieldsValuedOtherThanOptions(changed.map(({ fieldId, values }) => ({ field: fieldId, values: [...values] })));
  return [...held.filter((fieldId) => !named.has(fieldId)), ...valued];
}

/** The recipient keys as the event leaves them: the group, the flags, the options held and the fields valued. */
function recipientKeysChange(event: RecordedEvent, userId: string) {
  const apply = (current: UserRecipientKeysDocument | null): UserRecipientKeysDocument | null => {
    if (event.type === 'UserRegistered') return current ?? recipientKeysOf(registered(event.data as UserRegistered['data']));
    if (!current) return null;
    if (event.type === 'UserFieldValuesChanged') {
      const { values } = event.data as UserFieldValuesChanged['data'];
      return {
        ...current,
        option_keys: keyString(optionsAfter(keysOf(current.option_keys), values)),
        valued_field_keys: keyString(valuedFieldsAfter(keysOf(current.valued_field_keys), values)),
      };
    }
    const asUser = current as unknown as UserDocument;
    const { customer_group, is_active, is_message_recipient } = recipientKeysOf({ ...asUser, ...ownValue(PATCHES, event.type)!(asUser, event) });
    return { ...current, customer_group, is_active, is_message_recipient };
  };
  return { collection: USER_RECIPIENT_KEYS, tenantId: tenantOf(event), id: userId, apply: apply as (current: Document | null) => Document | null };
}

/** Cards by group in list order: the users of a team, read in a page's order. */
const USER_CARD_INDEXES = [{ keys: { customer_group: 1, last_name_key: 1, first_name_key: 1, _id: 1 } }] as const;

/**
 * Message recipients by group, the index holding the key strings too: a message's recipient count
 * reads this index alone, never a document (IndexSpec.include; MongoDB indexes the keys only). And
 * message recipients in id order: the planner of a send reads them a page at a time after the last id
 * it read, a range of this index (without it each page sorted every recipient, a broadcast's pages
 * costing the square of its size).
 */
const USER_RECIPIENT_KEY_INDEXES: readonly IndexSpec[] = [
  { keys: { is_message_recipient: 1, is_active: 1, customer_group: 1 }, include: ['option_keys', 'valued_field_keys'] },
  { keys: { is_message_recipient: 1, is_active: 1, _id: 1 }, include: ['customer_group', 'option_keys', 'valued_field_keys'], name: 'recipient_keys_in_id_order' },
];

/** The changes an admin makes to a user: an open users list or user page reloads on them. */
const ADMINISTRATION_EVENTS: ReadonlySet<string> = new Set([
  'UserRegistered',
  'UserDetailsChanged',
  'UserEmailChanged',
  'UserMovedToCustomerGroup',
  'UserCustomerPermissionChanged',
  'UserFieldValuesChanged',
  'UserDeleted',
]);

export const usersProjection: ProjectionDefinition = {
  name: READ_MODEL_PROJECTIONS.users,
  collections: [USERS, FORMER_USERS, USER_CARDS, USER_RECIPIENT_KEYS],
  indexes: { [USERS]: USER_LIST_INDEXES, [USER_CARDS]: USER_CARD_INDEXES, [USER_RECIPIENT_KEYS]: USER_RECIPIENT_KEY_INDEXES },
  project(event) {
    const userId = (event.data as { userId?: string }).userId;
    if (!userId) return [];
    const change = (apply: (current: UserDocument | null) => UserDocument | null) => [
      { collection: USERS, tenantId: tenantOf(event), id: userId, apply: apply as (current: Document | null) => Document | null },
    ];
    if (event.type === 'UserDeleted') return deleted(event);
    const derived = CARD_EVENTS.has(event.type) ? [cardChange(event, userId), recipientKeysChange(event, userId)] : [];
    if (event.type === 'UserRegistered') return [...change((current) => current ?? withListKeys(registered(event.data as UserRegistered['data']))), ...derived];
    const patch = ownValue(PATCHES, event.type);
    return patch ? [...change((current) => current && withListKeys({ ...current, ...patch(current, event) })), ...derived] : [];
  },
  /**
   * Changes to a user, by id and without their data, to the room of the user's group (as the event
   * left the user, or as the event names it for a deletion); a move tells the group they joined.
   */
  liveUpdate(event, documents) {
    const userId = (event.data as { userId?: unknown }).userId;
    if (!ADMINISTRATION_EVENTS.has(event.type) || typeof userId !== 'string') return null;
    const user = documents.find((document) => document._id === userId) as UserDocument | undefined;
    const customerGroupId = user?.customer_group ?? (event.data as { customerGroupId?: unknown }).customerGroupId;
    return {
      type: event.type,
      resource: USERS,
      id: userId,
      data: {},
      tenantId: tenantOf(event),
      ...(typeof customerGroupId === 'string' ? { customerGroupId } : {}),
    };
  },
};
