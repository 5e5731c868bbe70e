import { describe, expect, it } from '@jest/globals';
import { foldEvents } from '../shared/decider';
import { DomainError } from '../shared/domain-errors';
import { given } from '../shared/given-when-then';
import type { CustomerPermission } from '../shared/permissions';
import { fieldErrorsOf } from '../testing/refusals';
import { registered } from '../testing/user-fixtures';
import { evolveUserAccess, initialUserAccess } from './user-access';
import { userEmailDecider } from './user-email';
import type { ChangeUser, CreateUser, LockedRoles, UserAdministrator, UserChanges } from './user.commands';
import { userDecider } from './user.decide';
import type { UserEvent } from './user.events';
import {
  ADMIN_ROLE_ONLY_BY_ADMIN_MESSAGE,
  DELETE_SELF_MESSAGE,
  OWN_ROLE_MESSAGE,
  LOCKED_USER_MESSAGE,
  lockedRoleMessage,
  OWN_PROFILE_ONLY_MESSAGE,
} from './user.messages';

const UNLOCKED: LockedRoles = { admin: false, operator: false, data: false, sender: false };
const locking = (role: keyof LockedRoles): LockedRoles => ({ ...UNLOCKED, [role]: true });
const admin: UserAdministrator = { userId: 'boss', customerPermission: 'ADMIN' };
const dataUser: UserAdministrator = { userId: 'clerk', customerPermission: 'DATA' };
const by = (customerPermission: CustomerPermission, userId = 'someone'): UserAdministrator => ({ userId, customerPermission });

/** The kind and message of the DomainError `run` throws. */
function refusalOf(run: () => unknown): { kind: string; message: string } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return { kind: (error as DomainError).kind, message: (error as DomainError).message };
  }
  throw new Error('expected a refusal');
}

const create = (overrides: Partial<CreateUser['data']['user']> = {}, who: UserAdministrator = admin, lockedRoles = UNLOCKED): CreateUser => ({
  type: 'CreateUser',
  data: { user: { ...registered.data, isActive: true, isMessageRecipient: false, ...overrides }, by: who, lockedRoles },
});

const change = (changes: UserChanges, who: UserAdministrator = admin, group: Partial<ChangeUser['data']['group']> = {}, destination?: ChangeUser['data']['destination']): ChangeUser => ({
  type: 'ChangeUser',
  data: { changes, by: who, group: { sendVerificationEmail: false, lockedRoles: UNLOCKED, ...group }, destination },
});

/** u1 (an operator of g1, as registered) holding `role`. */
const holding = (role: CustomerPermission): UserEvent[] => [{ type: 'UserRegistered', data: { ...registered.data, customerPermission: role } }];

describe('user decider: creating a user (POST /api/user/)', () => {
  it('records the user with a lower-cased email, trimmed names and both flags', () => {
    expect(given(userDecider, []).when(create({ email: ' Ann@Example.TEST ', firstName: ' Ann ' }))).toEqual([
      { type: 'UserRegistered', data: { ...registered.data, isActive: true, isMessageRecipient: false } },
    ]);
  });

  it('names every invalid field at once', () => {
    const errors = fieldErrorsOf(() =>
      given(userDecider, []).when(create({ email: 'nope', firstName: ' ', preferredTimezone: 'Mars/Olympus', customerPermission: 'KING' as CustomerPermission })),
    );
    expect(Object.keys(errors).sort()).toEqual(['customer_permission', 'email', 'first_name', 'preferred_timezone']);
  });

  it.each([
    ['a data user gives the admin role', 'ADMIN', dataUser, UNLOCKED, ADMIN_ROLE_ONLY_BY_ADMIN_MESSAGE],
    ["a data user gives a role the group locks", 'SENDER', dataUser, locking('sender'), lockedRoleMessage('SENDER')],
    ['an operator creates anyone', 'CONTACT', by('OPERATOR'), UNLOCKED, 'You do not have permission to perform this action.'],
  ] as const)('refuses (403) when %s', (_case, role, who, lockedRoles, message) => {
    expect(refusalOf(() => given(userDecider, []).when(create({ customerPermission: role }, who, lockedRoles)))).toEqual({ kind: 'forbidden', message });
  });

  it.each([
    ['an admin, whatever the locks', 'SENDER', admin, locking('sender')],
    ['a data user, a role the group does not lock', 'SENDER', dataUser, locking('operator')],
  ] as const)('lets %s create a user', (_case, role, who, lockedRoles) => {
    expect(given(userDecider, []).when(create({ customerPermission: role }, who, lockedRoles))).toHaveLength(1);
  });
});

describe('user decider: editing a user (PUT /api/user/{id}/)', () => {
  it('records only what changed, details before a move before a role change', () => {
    const events = given(userDecider, [registered]).when(
      change(
        { firstName: ' Anna ', lastName: 'Lee', isActive: false, customerGroupId: 'g2', customerPermission: 'SENDER' },
        admin,
        {},
        { customerGroupId: 'g2', lockedRoles: UNLOCKED },
      ),
    );
    expect(events).toEqual([
      { type: 'UserDetailsChanged', data: { userId: 'u1', firstName: 'Anna', isActive: false } },
      { type: 'UserMovedToCustomerGroup', data: { userId: 'u1', customerGroupId: 'g2', previousCustomerGroupId: 'g1' } },
      { type: 'UserCustomerPermissionChanged', data: { userId: 'u1', customerPermission: 'SENDER', previousCustomerPermission: 'OPERATOR' } },
    ]);
  });

  it('records nothing when nothing differs (the same email in other case included)', () => {
    expect(given(userDecider, [registered]).when(change({ firstName: 'Ann', email: 'ANN@example.test', isMessageRecipient: true }))).toEqual([]);
  });

  it('records a new email, lower-cased, first', () => {
    expect(given(userDecider, [registered]).when(change({ email: ' New@Example.TEST ', lastName: 'Ng' }))).toEqual([
      { type: 'UserEmailChanged', data: { userId: 'u1', email: 'new@example.test', previousEmail: 'ann@example.test' } },
      { type: 'UserDetailsChanged', data: { userId: 'u1', lastName: 'Ng' } },
    ]);
  });

  it('refuses an invalid email (400 on email)', () => {
    expect(fieldErrorsOf(() => given(userDecider, [registered]).when(change({ email: 'new@' })))).toEqual({ email: ['Enter a valid email address.'] });
  });

  it('refuses a blank name and an unknown time zone, naming the fields', () => {
    expect(Object.keys(fieldErrorsOf(() => given(userDecider, [registered]).when(change({ lastName: '', preferredTimezone: 'Nowhere' })))).sort()).toEqual([
      'last_name',
      'preferred_timezone',
    ]);
  });

  it('lets a user edit their own name and time zone when the group sends verification emails', () => {
    const self = by('OPERATOR', 'u1');
    expect(given(userDecider, [registered]).when(change({ lastName: 'Lee-Smith', preferredTimezone: 'Europe/Paris' }, self, { sendVerificationEmail: true }))).toEqual([
      { type: 'UserDetailsChanged', data: { userId: 'u1', lastName: 'Lee-Smith', preferredTimezone: 'Europe/Paris' } },
    ]);
  });

  it.each([
    ['their own name with send_verification_email off', { lastName: 'X' }, by('OPERATOR', 'u1'), false, 'You do not have permission to perform this action.'],
    ['their own role', { customerPermission: 'ADMIN' }, by('OPERATOR', 'u1'), true, OWN_PROFILE_ONLY_MESSAGE],
    ['their own active flag', { isActive: false }, by('OPERATOR', 'u1'), true, OWN_PROFILE_ONLY_MESSAGE],
    ['their own email', { email: 'me@example.test' }, by('OPERATOR', 'u1'), true, OWN_PROFILE_ONLY_MESSAGE],
    ["another user's name", { lastName: 'X' }, by('OPERATOR', 'other'), true, 'You do not have permission to perform this action.'],
  ] as const)('refuses (403) an operator changing %s', (_case, changes, who, sendVerificationEmail, message) => {
    expect(refusalOf(() => given(userDecider, [registered]).when(change(changes, who, { sendVerificationEmail })))).toEqual({ kind: 'forbidden', message });
  });

  it('refuses a move to a group the handler did not find in reach (404)', () => {
    expect(refusalOf(() => given(userDecider, [registered]).when(change({ customerGroupId: 'g9' })))).toEqual({ kind: 'not_found', message: 'Not found.' });
  });

  it('refuses changing your own role, so an only admin cannot leave the organisation without one (400)', () => {
    expect(fieldErrorsOf(() => given(userDecider, holding('ADMIN')).when(change({ customerPermission: 'OPERATOR' }, by('ADMIN', 'u1'))))).toEqual({
      customer_permission: [OWN_ROLE_MESSAGE],
    });
    expect(given(userDecider, holding('ADMIN')).when(change({ lastName: 'Lane' }, by('ADMIN', 'u1')))).toHaveLength(1);
  });

  it('refuses editing a deleted user (404)', () => {
    const deleted = given(userDecider, [registered]).when({ type: 'DeleteUser', data: { by: admin, lockedRoles: UNLOCKED } });
    expect(refusalOf(() => given(userDecider, [registered, ...deleted]).when(change({ lastName: 'X' })))).toEqual({ kind: 'not_found', message: 'Not found.' });
  });
});

describe('user decider: locked users (locked_users of the group)', () => {
  it.each([
    ['change a user whose role is locked', holding('OPERATOR'), { lastName: 'X' }, locking('operator'), undefined, LOCKED_USER_MESSAGE],
    ['take a locked role away', holding('SENDER'), { customerPermission: 'CONTACT' }, locking('sender'), undefined, LOCKED_USER_MESSAGE],
    ['give a locked role', holding('CONTACT'), { customerPermission: 'DATA' }, locking('data'), undefined, lockedRoleMessage('DATA')],
    ['change an admin', holding('ADMIN'), { lastName: 'X' }, UNLOCKED, undefined, ADMIN_ROLE_ONLY_BY_ADMIN_MESSAGE],
    ['make someone an admin', holding('CONTACT'), { customerPermission: 'ADMIN' }, UNLOCKED, undefined, ADMIN_ROLE_ONLY_BY_ADMIN_MESSAGE],
    [
      'move a user into a group that locks their role',
      holding('SENDER'),
      { customerGroupId: 'g2' },
      UNLOCKED,
      { customerGroupId: 'g2', lockedRoles: locking('sender') },
      lockedRoleMessage('SENDER'),
    ],
  ] as const)('refuses (403) a data user who would %s', (_case, history, changes, lockedRoles, destination, message) => {
    expect(refusalOf(() => given(userDecider, history).when(change(changes, dataUser, { lockedRoles }, destination)))).toEqual({ kind: 'forbidden', message });
  });

  it.each([
    ['change a user whose role is locked', holding('OPERATOR'), { lastName: 'X' }, locking('operator')],
    ['take a locked role away', holding('SENDER'), { customerPermission: 'CONTACT' }, locking('sender')],
    ['give a locked role', holding('CONTACT'), { customerPermission: 'DATA' }, locking('data')],
  ] as const)('lets an admin %s', (_case, history, changes, lockedRoles) => {
    expect(given(userDecider, history).when(change(changes, admin, { lockedRoles }))).toHaveLength(1);
  });

  it('lets a data user change a user whose role the group does not lock', () => {
    expect(given(userDecider, holding('SENDER')).when(change({ customerPermission: 'CONTACT' }, dataUser, { lockedRoles: locking('operator') }))).toHaveLength(1);
  });

  it('lets a user of a locked role edit their own name (the lock binds others)', () => {
    expect(given(userDecider, holding('SENDER')).when(change({ firstName: 'Annie' }, by('SENDER', 'u1'), { sendVerificationEmail: true, lockedRoles: locking('sender') }))).toHaveLength(1);
  });
});

describe('user decider: deleting a user (DELETE /api/user/{id}/)', () => {
  it('records the deletion with the names the activity log keeps showing', () => {
    expect(given(userDecider, [registered]).when({ type: 'DeleteUser', data: { by: dataUser, lockedRoles: UNLOCKED } })).toEqual([
      { type: 'UserDeleted', data: { userId: 'u1', email: 'ann@example.test', firstName: 'Ann', lastName: 'Lee', customerGroupId: 'g1' } },
    ]);
  });

  it('refuses deleting yourself (400)', () => {
    expect(fieldErrorsOf(() => given(userDecider, [registered]).when({ type: 'DeleteUser', data: { by: by('ADMIN', 'u1'), lockedRoles: UNLOCKED } }))).toEqual({
      non_field_errors: [DELETE_SELF_MESSAGE],
    });
  });

  it.each([
    ['a user whose role is locked', holding('OPERATOR'), locking('operator'), LOCKED_USER_MESSAGE],
    ['an admin', holding('ADMIN'), UNLOCKED, ADMIN_ROLE_ONLY_BY_ADMIN_MESSAGE],
  ] as const)('refuses (403) a data user deleting %s', (_case, history, lockedRoles, message) => {
    expect(refusalOf(() => given(userDecider, history).when({ type: 'DeleteUser', data: { by: dataUser, lockedRoles } }))).toEqual({ kind: 'forbidden', message });
  });

  it('refuses deleting twice (404), and the deleted user can no longer sign in or call', () => {
    const deleted = given(userDecider, [registered]).when({ type: 'DeleteUser', data: { by: admin, lockedRoles: UNLOCKED } });
    const history = [registered, ...deleted];
    expect(refusalOf(() => given(userDecider, history).when({ type: 'DeleteUser', data: { by: admin, lockedRoles: UNLOCKED } })).kind).toBe('not_found');
    const signIn = { type: 'SignIn', data: { sessionId: 's', passwordVerified: true, challengeId: 'c', challengeExpiresAt: '', now: '', lockout: { attempts: 5, seconds: 60, maxSeconds: 60 } } } as const;
    expect(fieldErrorsOf(() => given(userDecider, history).when(signIn))).toHaveProperty('non_field_errors');
    expect(foldEvents({ evolve: evolveUserAccess, initialState: initialUserAccess }, history)).toEqual({ status: 'absent' });
  });

  it('gives the access of a moved user their new group and email', () => {
    const history: UserEvent[] = [
      registered,
      { type: 'UserMovedToCustomerGroup', data: { userId: 'u1', customerGroupId: 'g2', previousCustomerGroupId: 'g1' } },
      { type: 'UserEmailChanged', data: { userId: 'u1', email: 'new@example.test', previousEmail: 'ann@example.test' } },
    ];
    expect(foldEvents({ evolve: evolveUserAccess, initialState: initialUserAccess }, history)).toMatchObject({ customerGroupId: 'g2', email: 'new@example.test' });
  });
});

describe('user email stream', () => {
  const claim = (userId: string) => ({ type: 'ClaimUserEmail', data: { email: 'Ann@Example.test', userId } }) as const;
  const release = (userId: string) => ({ type: 'ReleaseUserEmail', data: { email: 'ann@example.test', userId } }) as const;
  const claimed = (userId: string) => ({ type: 'UserEmailClaimed', data: { email: 'ann@example.test', userId } }) as const;
  const released = (userId: string) => ({ type: 'UserEmailReleased', data: { email: 'ann@example.test', userId } }) as const;

  it('gives a free email to the first claimant and refuses anyone else (409)', () => {
    expect(given(userEmailDecider, []).when(claim('u1'))).toEqual([claimed('u1')]);
    expect(refusalOf(() => given(userEmailDecider, [claimed('u1')]).when(claim('u2')))).toEqual({ kind: 'conflict', message: 'A user with this email already exists.' });
    expect(given(userEmailDecider, [claimed('u1')]).when(claim('u1'))).toEqual([]);
  });

  it('is released only by its holder, and can then be claimed again', () => {
    expect(given(userEmailDecider, [claimed('u1')]).when(release('u2'))).toEqual([]);
    expect(given(userEmailDecider, [claimed('u1')]).when(release('u1'))).toEqual([released('u1')]);
    expect(given(userEmailDecider, [claimed('u1'), released('u1')]).when(claim('u2'))).toEqual([claimed('u2')]);
  });
});
