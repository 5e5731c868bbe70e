import { isIanaTimeZone, TIMEZONE_INVALID } from '../customer-group/customer-group-settings';
import { conflict, forbidden, notFound, validationError } from '../shared/domain-errors';
import { BLANK, tooLong } from '../shared/field-messages';
import { isCustomerPermission, type CustomerPermission } from '../shared/permissions';
import { isSelectFieldType } from '../field/field-types';
import { normaliseEmail } from './user-email';
import type { ChangeUser, CreateUser, DeleteUser, LockedRoles, UserAdministrator, UserChanges } from './user.commands';
import type { UserDetailsChanged, UserEvent } from './user.events';
import {
  ADMIN_ROLE_ONLY_BY_ADMIN_MESSAGE,
  CUSTOMER_PERMISSION_INVALID_MESSAGE,
  DELETE_SELF_MESSAGE,
  OWN_ROLE_MESSAGE,
  EMAIL_INVALID_MESSAGE,
  LOCKED_USER_MESSAGE,
  lockedRoleMessage,
  OWN_PROFILE_ONLY_MESSAGE,
  USER_NAME_MAX_LENGTH,
} from './user.messages';
import type { RegisteredUser, UserState } from './user.state';
import { changedFieldValues, collectFieldValues, type FieldCatalogue, type FieldValueInput, type UserFieldValue } from './user-field-values';

/*
 * Creating, editing and deleting users (spec part 2 §6 and §3 locked_users).
 *
 * Who may: admins and data users edit any user in their reach; any user edits their own name and
 * time zone when their group's send_verification_email is on (the profile-edit rule).
 *
 * Locked users: when a group's locked_users.<role> is on, only an admin may change or delete a user
 * of that group who holds that role, and only an admin may give that role to a user of the group or
 * take it away. The lock binds others: a user may still edit their own name and time zone.
 * Independently of locks, only an admin may give or take the admin role (a data user cannot make
 * anyone an admin, nor change or delete an admin).
 *
 * A new email is claimed on its own stream by the handler before ChangeUser records it (409 when
 * another user holds it), and the old one released after.
 */

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const EDITS_OTHERS: readonly CustomerPermission[] = ['ADMIN', 'DATA'];

type FieldErrors = Record<string, string[]>;

const LOCKABLE_ROLE_KEYS: Partial<Record<CustomerPermission, keyof LockedRoles>> = {
  ADMIN: 'admin',
  OPERATOR: 'operator',
  DATA: 'data',
  SENDER: 'sender',
};

const isRoleLocked = (role: CustomerPermission, locked: LockedRoles): boolean => {
  const key = LOCKABLE_ROLE_KEYS[role];
  return key !== undefined && locked[key] === true;
};

function nameErrors(name: string): string[] {
  if (!name.trim()) return [BLANK];
  return name.trim().length > USER_NAME_MAX_LENGTH ? [tooLong(USER_NAME_MAX_LENGTH)] : [];
}

/** The field errors of the values present, all at once. */
function profileErrors(values: { firstName?: string; lastName?: string; preferredTimezone?: string; customerPermission?: string }): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, messages: string[]) => {
    if (messages.length) errors[field] = messages;
  };
  if (values.firstName !== undefined) add('first_name', nameErrors(values.firstName));
  if (values.lastName !== undefined) add('last_name', nameErrors(values.lastName));
  if (values.preferredTimezone !== undefined) add('preferred_timezone', isIanaTimeZone(values.preferredTimezone) ? [] : [TIMEZONE_INVALID]);
  if (values.customerPermission !== undefined)
    add('customer_permission', isCustomerPermission(values.customerPermission) ? [] : [CUSTOMER_PERMISSION_INVALID_MESSAGE]);
  return errors;
}

/** Adds the problems with the contact-field values to `errors`; the values as they will be recorded. */
function fieldValuesOf(inputs: readonly FieldValueInput[] | undefined, catalogue: FieldCatalogue | undefined, errors: FieldErrors): UserFieldValue[] {
  if (inputs === undefined || inputs.length === 0) return [];
  if (catalogue === undefined) throw new Error('Contact-field values need the fields of the user\'s customer group.');
  const { values, problems } = collectFieldValues(inputs, catalogue);
  if (problems.length) errors.custom_fields = problems;
  return values;
}

function refuseInvalid(errors: FieldErrors): void {
  const fields = Object.keys(errors);
  if (fields.length) throw validationError(errors[fields[0]!]![0]!, errors);
}

/** Giving a user `role` (or taking it away) in a group with these locks. */
function assertMayGiveOrTake(role: CustomerPermission, by: UserAdministrator, locked: LockedRoles): void {
  if (by.customerPermission === 'ADMIN') return;
  if (role === 'ADMIN') throw forbidden(ADMIN_ROLE_ONLY_BY_ADMIN_MESSAGE);
  if (isRoleLocked(role, locked)) throw forbidden(lockedRoleMessage(role));
}

/** Changing or deleting another user who holds `role` in a group with these locks. */
function assertMayTouch(user: RegisteredUser, by: UserAdministrator, locked: LockedRoles): void {
  if (by.customerPermission === 'ADMIN') return;
  if (user.customerPermission === 'ADMIN') throw forbidden(ADMIN_ROLE_ONLY_BY_ADMIN_MESSAGE);
  if (isRoleLocked(user.customerPermission, locked)) throw forbidden(LOCKED_USER_MESSAGE);
}

export function createUser(command: CreateUser, state: UserState): UserEvent[] {
  if (state.status !== 'absent') throw conflict('This user already exists.');
  const { user, by, lockedRoles } = command.data;
  const email = normaliseEmail(user.email);
  const errors = profileErrors(user);
  if (!EMAIL_PATTERN.test(email)) errors.email = [EMAIL_INVALID_MESSAGE];
  const values = fieldValuesOf(command.data.fieldValues?.inputs, command.data.fieldValues?.catalogue, errors).filter((entry) => entry.values.length);
  refuseInvalid(errors);
  if (!EDITS_OTHERS.includes(by.customerPermission)) throw forbidden();
  assertMayGiveOrTake(user.customerPermission, by, lockedRoles);
  const registered: UserEvent = {
    type: 'UserRegistered',
    data: { ...user, email, firstName: user.firstName.trim(), lastName: user.lastName.trim() },
  };
  return values.length ? [registered, fieldValuesChanged(user.userId, values)] : [registered];
}

const fieldValuesChanged = (userId: string, values: readonly UserFieldValue[]): UserEvent => ({
  type: 'UserFieldValuesChanged',
  data: { userId, values: values.map(({ fieldId, values: held }) => ({ fieldId, values: [...held] })) },
});

/** The changes that differ from what the user has now (names trimmed). */
function effectiveChanges(user: RegisteredUser, changes: UserChanges): UserChanges {
  const trimmed = {
    ...changes,
    ...(changes.email === undefined ? {} : { email: normaliseEmail(changes.email) }),
    ...(changes.firstName === undefined ? {} : { firstName: changes.firstName.trim() }),
    ...(changes.lastName === undefined ? {} : { lastName: changes.lastName.trim() }),
  };
  const differs = <K extends keyof UserChanges>(key: K, current: UserChanges[K]) => trimmed[key] !== undefined && trimmed[key] !== current;
  return Object.fromEntries(
    (
      [
        ['email', user.email],
        ['firstName', user.firstName],
        ['lastName', user.lastName],
        ['preferredTimezone', user.preferredTimezone],
        ['isActive', user.isActive],
        ['isMessageRecipient', user.isMessageRecipient],
        ['customerPermission', user.customerPermission],
        ['customerGroupId', user.customerGroupId],
      ] as const
    )
      .filter(([key, current]) => differs(key, current))
      .map(([key]) => [key, trimmed[key]]),
  ) as UserChanges;
}

/** What a user editing themselves may change: their name, time zone and contact-field values (devices and data). */
/**
 * What a move leaves behind: the values of fields the destination group does not have (cleared), and of
 * its select fields the options it does not offer. `catalogue` is the destination's, for every field the
 * user holds; values sent with the move are the caller's word and stay.
 */
function valuesLeftBehind(user: RegisteredUser, catalogue: FieldCatalogue, sent: readonly UserFieldValue[]): UserFieldValue[] {
  const sentIds = new Set(sent.map((entry) => entry.fieldId));
  return [...user.fieldValues]
    .filter(([fieldId]) => !sentIds.has(fieldId))
    .map(([fieldId, held]) => {
      const field = catalogue.fields.get(fieldId);
      if (!field) return { fieldId, values: [] };
      return isSelectFieldType(field.fieldType) ? { fieldId, values: held.filter((optionId) => field.offeredOptionIds.has(optionId)) } : { fieldId, values: held };
    });
}

const OWN_PROFILE_FIELDS: ReadonlySet<keyof UserChanges> = new Set(['firstName', 'lastName', 'preferredTimezone', 'fieldValues']);

export function changeUser(command: ChangeUser, state: UserState): UserEvent[] {
  if (state.status !== 'registered') throw notFound();
  const { changes, by, group, destination } = command.data;
  const errors = profileErrors(changes);
  if (changes.email !== undefined && !EMAIL_PATTERN.test(normaliseEmail(changes.email))) errors.email = [EMAIL_INVALID_MESSAGE];
  const moving = changes.customerGroupId !== undefined && changes.customerGroupId !== state.customerGroupId;
  const sent = fieldValuesOf(changes.fieldValues, command.data.catalogue, errors);
  const left = moving && command.data.catalogue ? valuesLeftBehind(state, command.data.catalogue, sent) : [];
  const values = changedFieldValues(state.fieldValues, [...sent, ...left]);
  refuseInvalid(errors);
  const changed: UserChanges = { ...effectiveChanges(state, changes), ...(values.length ? { fieldValues: values } : {}) };
  const own = by.userId === state.userId;
  if (!EDITS_OTHERS.includes(by.customerPermission)) {
    if (!own || !group.sendVerificationEmail) throw forbidden();
    if (Object.keys(changed).some((key) => !OWN_PROFILE_FIELDS.has(key as keyof UserChanges))) throw forbidden(OWN_PROFILE_ONLY_MESSAGE);
  }
  if (!Object.keys(changed).length) return [];
  if (own && changed.customerPermission !== undefined) throw validationError(OWN_ROLE_MESSAGE, { customer_permission: [OWN_ROLE_MESSAGE] });
  if (!own) assertMayTouch(state, by, group.lockedRoles);
  const movedTo = changed.customerGroupId;
  if (movedTo !== undefined && destination?.customerGroupId !== movedTo) throw notFound();
  const newLocks = movedTo === undefined ? group.lockedRoles : destination!.lockedRoles;
  if (changed.customerPermission !== undefined) {
    assertMayGiveOrTake(state.customerPermission, by, group.lockedRoles);
    assertMayGiveOrTake(changed.customerPermission, by, newLocks);
  } else if (movedTo !== undefined) {
    // Moving a user gives their role to a user of the destination group.
    assertMayGiveOrTake(state.customerPermission, by, newLocks);
  }
  return eventsOf(state, changed);
}

function eventsOf(user: RegisteredUser, changed: UserChanges): UserEvent[] {
  const { customerGroupId, customerPermission, email, fieldValues, ...details } = changed;
  const events: UserEvent[] = [];
  if (email !== undefined) events.push({ type: 'UserEmailChanged', data: { userId: user.userId, email, previousEmail: user.email } });
  if (Object.keys(details).length) events.push({ type: 'UserDetailsChanged', data: { userId: user.userId, ...details } as UserDetailsChanged['data'] });
  if (customerGroupId !== undefined)
    events.push({ type: 'UserMovedToCustomerGroup', data: { userId: user.userId, customerGroupId, previousCustomerGroupId: user.customerGroupId } });
  if (customerPermission !== undefined)
    events.push({
      type: 'UserCustomerPermissionChanged',
      data: { userId: user.userId, customerPermission, previousCustomerPermission: user.customerPermission },
    });
  if (fieldValues !== undefined) events.push(fieldValuesChanged(user.userId, fieldValues));
  return events;
}

export function deleteUser(command: DeleteUser, state: UserState): UserEvent[] {
  if (state.status !== 'registered') throw notFound();
  const { by, lockedRoles } = command.data;
  if (by.userId === state.userId) throw validationError(DELETE_SELF_MESSAGE, { non_field_errors: [DELETE_SELF_MESSAGE] });
  if (!EDITS_OTHERS.includes(by.customerPermission)) throw forbidden();
  assertMayTouch(state, by, lockedRoles);
  const { userId, email, firstName, lastName, customerGroupId } = state;
  return [{ type: 'UserDeleted', data: { userId, email, firstName, lastName, customerGroupId } }];
}
