import type { CustomerPermission } from '@beacon/contracts';
import type { AccessSubject, LockedRoles } from '@beacon/domain';
import { describe, expect, it } from '@jest/globals';
import { lockedRolesOf, mayDeleteUser, rolesToGive, userEditAccess } from './user-administration';

const viewer = (role: CustomerPermission, sendVerificationEmail = false): AccessSubject => ({
  customerPermission: role,
  isTemporary: false,
  rootPermissions: [],
  hasNoticeboardNumbers: false,
  sendVerificationEmail,
  userId: 'me',
});
const NO_LOCKS: LockedRoles = { admin: false, operator: false, data: false, sender: false };
const target = (customer_permission: CustomerPermission, id = 'other') => ({ id, customer_permission });

describe('who may change and delete whom', () => {
  it('lets admins change and delete anyone but themselves, whatever the locks', () => {
    const locks = { ...NO_LOCKS, operator: true };
    expect(userEditAccess(viewer('ADMIN'), target('ADMIN'), locks)).toBe('all');
    expect(userEditAccess(viewer('ADMIN'), target('OPERATOR'), locks)).toBe('all');
    expect(mayDeleteUser(viewer('ADMIN'), target('OPERATOR'), locks)).toBe(true);
    expect(mayDeleteUser(viewer('ADMIN'), target('ADMIN', 'me'), locks)).toBe(false);
    expect(rolesToGive(viewer('ADMIN'), locks)).toEqual(['ADMIN', 'OPERATOR', 'SENDER', 'CONTACT', 'DATA']);
  });

  it('keeps data users off admins and off the roles the group locks', () => {
    const locks = { ...NO_LOCKS, sender: true };
    expect(userEditAccess(viewer('DATA'), target('ADMIN'), NO_LOCKS)).toBe('none');
    expect(userEditAccess(viewer('DATA'), target('SENDER'), locks)).toBe('none');
    expect(userEditAccess(viewer('DATA'), target('SENDER'), NO_LOCKS)).toBe('all');
    expect(mayDeleteUser(viewer('DATA'), target('SENDER'), locks)).toBe(false);
    expect(mayDeleteUser(viewer('DATA'), target('CONTACT'), locks)).toBe(true);
    expect(rolesToGive(viewer('DATA'), locks)).toEqual(['OPERATOR', 'CONTACT', 'DATA']);
  });

  it('binds others only: a data user whose own role is locked still edits themselves', () => {
    expect(userEditAccess(viewer('DATA'), target('DATA', 'me'), { ...NO_LOCKS, data: true })).toBe('all');
  });

  it('lets other roles edit only their own profile, and only while their group sends verification emails', () => {
    expect(userEditAccess(viewer('OPERATOR', true), target('OPERATOR', 'me'), NO_LOCKS)).toBe('profile');
    expect(userEditAccess(viewer('OPERATOR', false), target('OPERATOR', 'me'), NO_LOCKS)).toBe('none');
    expect(userEditAccess(viewer('SENDER', true), target('CONTACT'), NO_LOCKS)).toBe('none');
    expect(mayDeleteUser(viewer('OPERATOR'), target('CONTACT'), NO_LOCKS)).toBe(false);
    expect(rolesToGive(viewer('OPERATOR'), NO_LOCKS)).toEqual([]);
  });

  it('reads the locks from a group’s settings text, locking nothing when it cannot', () => {
    expect(lockedRolesOf({ settings: JSON.stringify({ locked_users: { admin: false, operator: true, data: false, sender: false } }) })).toEqual({ ...NO_LOCKS, operator: true });
    expect(lockedRolesOf({ settings: 'not json' })).toEqual(NO_LOCKS);
    expect(lockedRolesOf(undefined)).toEqual(NO_LOCKS);
  });
});
