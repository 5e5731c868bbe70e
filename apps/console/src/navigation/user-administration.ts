import type { CustomerGroupDto, CustomerPermission } from '@beacon/contracts';
import { CUSTOMER_PERMISSIONS, settingsWithDefaults, type AccessSubject, type CustomerGroupSettings, type LockedRoles } from '@beacon/domain';

/*
 * Who may change or delete which user, as the server decides it (docs/decisions.md, "Users: create,
 * edit, delete"). The console asks these before it offers an action, because a 403 signs the user out
 * (spec part 2 §8): an action the server would refuse with a 403 is never offered.
 */

/** The user an action is about: their id and role. */
export interface TargetUser {
  readonly id: string;
  readonly customer_permission: CustomerPermission;
}

/** What the viewer may change of a user: everything, their profile only (self-edit), or nothing. */
export type UserEditAccess = 'all' | 'profile' | 'none';

const LOCK_KEYS: Partial<Record<CustomerPermission, keyof LockedRoles>> = { ADMIN: 'admin', OPERATOR: 'operator', DATA: 'data', SENDER: 'sender' };

/**
 * A group's settings from its settings text (its locks, its dial code for phone numbers typed without
 * one, its time zone for new users); anything missing or unreadable takes its default, which locks nothing.
 */
export function settingsOfGroup(group: Pick<CustomerGroupDto, 'settings'> | null | undefined): CustomerGroupSettings {
  try {
    const parsed: unknown = JSON.parse(group?.settings ?? '{}');
    return settingsWithDefaults(typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {});
  } catch {
    return settingsWithDefaults({});
  }
}

export const lockedRolesOf = (group: Pick<CustomerGroupDto, 'settings'> | null | undefined): LockedRoles => settingsOfGroup(group).locked_users;

export const isRoleLocked = (role: CustomerPermission, locks: LockedRoles): boolean => {
  const key = LOCK_KEYS[role];
  return key !== undefined && locks[key];
};

/** Admins and data users administer users (create, change, delete): the profile-edit rule's roles. */
export const administersUsers = (viewer: AccessSubject): boolean => viewer.customerPermission === 'ADMIN' || viewer.customerPermission === 'DATA';

/** Whether the viewer may give a user `role` in a group with these locks (or take it away). */
export const mayGiveRole = (viewer: AccessSubject, role: CustomerPermission, locks: LockedRoles): boolean =>
  viewer.customerPermission === 'ADMIN' || (viewer.customerPermission === 'DATA' && role !== 'ADMIN' && !isRoleLocked(role, locks));

/** Locks bind others: only an admin changes or deletes an admin, or a user whose role their group locks. */
const mayTouch = (viewer: AccessSubject, target: TargetUser, locks: LockedRoles): boolean =>
  viewer.customerPermission === 'ADMIN' || (target.customer_permission !== 'ADMIN' && !isRoleLocked(target.customer_permission, locks));

/** `locks`: those of the target user's group. */
export function userEditAccess(viewer: AccessSubject, target: TargetUser, locks: LockedRoles): UserEditAccess {
  const self = target.id === viewer.userId;
  if (administersUsers(viewer)) return self || mayTouch(viewer, target, locks) ? 'all' : 'none';
  return self && viewer.sendVerificationEmail ? 'profile' : 'none';
}

/** Nobody deletes themselves. */
export const mayDeleteUser = (viewer: AccessSubject, target: TargetUser, locks: LockedRoles): boolean =>
  administersUsers(viewer) && target.id !== viewer.userId && mayTouch(viewer, target, locks);

/** The roles the viewer may give in a group with these locks, in the spec's order. */
export const rolesToGive = (viewer: AccessSubject, locks: LockedRoles): CustomerPermission[] =>
  CUSTOMER_PERMISSIONS.filter((role) => mayGiveRole(viewer, role, locks));
