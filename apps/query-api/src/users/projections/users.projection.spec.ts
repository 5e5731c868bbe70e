import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '@beacon/event-store';
import { because } from '@beacon/testing';
import type { Document } from '@beacon/read-store';
import { usersProjection } from './users.projection';
import { FORMER_USERS, recipientKeysOf, USER_CARDS, USER_RECIPIENT_KEYS, USERS, type UserDocument } from '../../shared/read-models/users.read-model';

let position = 0;
const recorded = (type: string, data: Record<string, unknown>, recordedAt = '2026-01-01T10:00:00.000Z'): RecordedEvent => ({
  id: `e-${++position}`,
  type,
  data: { userId: 'u1', ...data },
  metadata: { tenantId: 'root-1' },
  streamName: 'user-u1',
  revision: position,
  position,
  recordedAt,
});

const registered = recorded('UserRegistered', {
  email: 'ann@example.test',
  firstName: 'Ann',
  lastName: 'Lee',
  customerGroupId: 'g1',
  rootId: 'root-1',
  customerPermission: 'OPERATOR',
  isTemporary: false,
  preferredTimezone: 'Europe/London',
});

/** Folds events into the user's document as the projection runner would. */
function fold(events: RecordedEvent[]): UserDocument | null {
  let document: Document | null = null;
  for (const event of events) {
    for (const change of usersProjection.project(event).filter((entry) => entry.collection === USERS)) {
      expect(change).toMatchObject({ tenantId: 'root-1', id: 'u1' });
      document = change.apply(document);
    }
  }
  return document as UserDocument | null;
}

/** Folds events into the user's document of `collection` (the card by default). */
function foldCard(events: RecordedEvent[], collection = USER_CARDS): Document | null {
  let card: Document | null = null;
  for (const event of events) {
    for (const change of usersProjection.project(event).filter((entry) => entry.collection === collection)) card = change.apply(card);
  }
  return card;
}

describe('users projection', () => {
  it("keeps a small card of each user (names, email, group, flags, options held), following every change to them, gone with them", () => {
    const skills = 'a1b2c3d4-0000-4000-8000-000000000002';
    const shift = 'a1b2c3d4-0000-4000-8000-000000000003';
    const mobile = 'a1b2c3d4-0000-4000-8000-000000000004';
    const events = [
      registered,
      recorded('UserDetailsChanged', { firstName: 'Anna', isMessageRecipient: false }),
      recorded('UserEmailChanged', { email: 'anna@example.test', previousEmail: 'ann@example.test' }),
      recorded('UserMovedToCustomerGroup', { customerGroupId: 'g2', previousCustomerGroupId: 'g1' }),
      recorded('UserFieldValuesChanged', { values: [{ fieldId: skills, values: [`${skills}.2`] }, { fieldId: shift, values: [`${shift}.1`] }] }),
      recorded('UserFieldValuesChanged', { values: [{ fieldId: mobile, values: ['+447911123456'] }, { fieldId: shift, values: [`${shift}.3`] }] }),
      recorded('UserSignedIn', { sessionId: 's' }),
    ];
    expect(foldCard(events)).toEqual({
      _id: 'u1',
      first_name: 'Anna',
      last_name: 'Lee',
      email: 'anna@example.test',
      customer_group: 'g2',
      first_name_key: 'anna',
      last_name_key: 'lee',
      is_active: true,
      is_message_recipient: false,
      option_ids: [`${skills}.2`, `${shift}.3`],
    });
    const deleted = recorded('UserDeleted', { email: 'anna@example.test', firstName: 'Anna', lastName: 'Lee', customerGroupId: 'g2' });
    expect(foldCard([...events, deleted])).toBeNull();
    because("the card holds the options the user's document holds", () => expect(foldCard(events)!.option_ids).toEqual(fold(events)!.option_ids));
    expect(fold(events)).toMatchObject({ first_name: 'Anna', customer_group: 'g2', is_message_recipient: false });
  });

  it("keeps the user's recipient keys (group, flags, options held, fields valued by more than options) as the user changes, gone with them", () => {
    const set = (values: { fieldId: string; values: string[] }[]) => recorded('UserFieldValuesChanged', { values });
    const mobile = 'a1b2c3d4-0000-4000-8000-000000000001';
    const skills = 'a1b2c3d4-0000-4000-8000-000000000002';
    const shift = 'a1b2c3d4-0000-4000-8000-000000000003';
    const email = 'a1b2c3d4-0000-4000-8000-000000000005';
    const events = [
      registered,
      set([{ fieldId: mobile, values: ['+447911123456'] }, { fieldId: skills, values: [`${skills}.1`, `${skills}.3`] }]),
      set([{ fieldId: email, values: ['ann@work.test'] }, { fieldId: shift, values: [`${shift}.2`] }]),
      recorded('UserDetailsChanged', { isActive: false }),
      set([{ fieldId: mobile, values: [] }, { fieldId: skills, values: [`${skills}.3`] }]),
      recorded('UserMovedToCustomerGroup', { customerGroupId: 'g2', previousCustomerGroupId: 'g1' }),
      recorded('UserEmailChanged', { email: 'anna@example.test', previousEmail: 'ann@example.test' }),
    ];
    expect(foldCard([registered], USER_RECIPIENT_KEYS)).toEqual({ _id: 'u1', customer_group: 'g1', is_active: true, is_message_recipient: true, option_keys: '', valued_field_keys: '' });
    expect(foldCard(events, USER_RECIPIENT_KEYS)).toEqual({
      _id: 'u1',
      customer_group: 'g2',
      is_active: false,
      is_message_recipient: true,
      option_keys: ` ${shift}.2 ${skills}.3 `,
      valued_field_keys: ` ${email} `,
    });
    because("they are those of the user's document", () => expect(foldCard(events, USER_RECIPIENT_KEYS)).toEqual({ ...recipientKeysOf(fold(events)!), option_keys: ` ${shift}.2 ${skills}.3 ` }));
    expect(recipientKeysOf(fold(events)!).option_keys.trim().split(' ').sort()).toEqual([`${shift}.2`, `${skills}.3`].sort());
    const deleted = recorded('UserDeleted', { email: 'anna@example.test', firstName: 'Ann', lastName: 'Lee', customerGroupId: 'g2' });
    expect(foldCard([...events, deleted], USER_RECIPIENT_KEYS)).toBeNull();
  });

  it('tells open users screens of changes made to a user, by id and without their data', () => {
    const user = fold([registered])!;
    expect(usersProjection.liveUpdate!(registered, [user])).toEqual({ type: 'UserRegistered', resource: USERS, id: 'u1', data: {}, tenantId: 'root-1', customerGroupId: 'g1' });
    expect(usersProjection.liveUpdate!(recorded('UserFieldValuesChanged', { values: [] }), [{ ...user, customer_group: 'g2' }])).toEqual({
      type: 'UserFieldValuesChanged',
      resource: USERS,
      id: 'u1',
      data: {},
      tenantId: 'root-1',
      customerGroupId: 'g2',
    });
    expect(usersProjection.liveUpdate!(recorded('UserDeleted', { customerGroupId: 'g3', email: 'a@b.c', firstName: 'A', lastName: 'B' }), [])).toMatchObject({ customerGroupId: 'g3' });
    expect(usersProjection.liveUpdate!(recorded('UserSignedIn', { sessionId: 's' }), [user])).toBeNull();
  });

  it("keeps each field's values, the options held and the lookup keys, replacing only the fields an event names", () => {
    const set = (values: { fieldId: string; values: string[] }[]) => recorded('UserFieldValuesChanged', { values });
    const field = 'a1b2c3d4-0000-4000-8000-000000000001';
    const skills = 'a1b2c3d4-0000-4000-8000-000000000002';
    const user = fold([
      registered,
      set([{ fieldId: field, values: ['+447911123456'] }, { fieldId: skills, values: [`${skills}.1`, `${skills}.3`] }]),
      set([{ fieldId: field, values: [] }, { fieldId: skills, values: [`${skills}.3`] }]),
    ]);
    expect(user).toMatchObject({
      field_values: [{ field: skills, values: [`${skills}.3`] }],
      option_ids: [`${skills}.3`],
      field_value_keys: [`${skills}=${skills}.3`],
      valued_fields: [skills],
    });
  });

  it('counts failed sign-ins, keeps the end of the lock, and clears both when an admin does or the user signs in', () => {
    const failed = recorded('UserSignInFailed', { stage: 'password' });
    expect(fold([registered, failed, failed])).toMatchObject({ failed_attempts: 2, locked_until: null });
    const lockedUntil = '2026-01-01T10:01:00.000Z';
    const locked = [registered, failed, recorded('UserLockedOut', { failedAttempts: 2, lockedUntil })];
    expect(fold(locked)).toMatchObject({ failed_attempts: 1, locked_until: lockedUntil });
    expect(fold([...locked, recorded('UserFailedLoginAttemptsCleared', {})])).toMatchObject({ failed_attempts: 0, locked_until: null });
    expect(fold([...locked, recorded('UserSignedIn', { sessionId: 's' })])).toMatchObject({ failed_attempts: 0, locked_until: null });
  });

  it('keeps no end for a lock recorded before locks ran out on their own (it counts as run out)', () => {
    expect(fold([registered, recorded('UserLockedOut', { failedAttempts: 5 })])).toMatchObject({ locked_until: null });
  });

  it('counts reset requests until a reset or an admin clears them', () => {
    const requested = recorded('UserPasswordResetRequested', { resetId: 'r', expiresAt: 'x' });
    expect(fold([registered, requested, requested])?.password_reset_attempts).toBe(2);
    expect(fold([registered, requested, recorded('UserPasswordReset', { resetId: 'r' })])?.password_reset_attempts).toBe(0);
    expect(fold([registered, requested, recorded('UserPasswordResetAttemptsCleared', {})])?.password_reset_attempts).toBe(0);
  });

  it('follows two-factor, the role, and the last sign-in or sign-out', () => {
    const document = fold([
      registered,
      recorded('UserTwoFactorEnabled', { method: 'totp' }),
      recorded('UserCustomerPermissionChanged', { customerPermission: 'SENDER', previousCustomerPermission: 'OPERATOR' }),
      recorded('UserSignedIn', { sessionId: 's1' }, '2026-01-02T08:00:00.000Z'),
      recorded('UserSignedOut', { sessionId: 's1', inactivity: false }, '2026-01-02T09:00:00.000Z'),
    ]);
    expect(document).toMatchObject({ two_factor_enabled: true, customer_permission: 'SENDER', last_activity: '2026-01-02T09:00:00.000Z' });
    expect(fold([registered, recorded('UserTwoFactorEnabled', {}), recorded('UserTwoFactorDisabled', {})])?.two_factor_enabled).toBe(false);
  });

  it('ignores events that are not about a user it knows', () => {
    expect(fold([recorded('UserSignInFailed', {})])).toBeNull();
    expect(usersProjection.project(recorded('SomethingElse', {}))).toEqual([]);
  });

  it('applies profile edits, a move and a new email, and keeps both flags true for users registered without them', () => {
    expect(fold([registered])).toMatchObject({ is_active: true, is_message_recipient: true });
    const edited = fold([
      registered,
      recorded('UserDetailsChanged', { lastName: 'Ng', isMessageRecipient: false }),
      recorded('UserMovedToCustomerGroup', { customerGroupId: 'g2', previousCustomerGroupId: 'g1' }),
      recorded('UserEmailChanged', { email: 'ann.ng@example.test', previousEmail: 'ann@example.test' }),
    ]);
    expect(edited).toMatchObject({ first_name: 'Ann', last_name: 'Ng', is_active: true, is_message_recipient: false, customer_group: 'g2', email: 'ann.ng@example.test' });
  });

  it("keeps the user list's label and lower-case name keys up to date with the name and email", () => {
    expect(fold([registered])).toMatchObject({ address_string: 'Ann Lee <ann@example.test>', first_name_key: 'ann', last_name_key: 'lee' });
    const edited = fold([
      registered,
      recorded('UserDetailsChanged', { firstName: 'Anna', lastName: 'McNeil' }),
      recorded('UserEmailChanged', { email: 'anna@example.test', previousEmail: 'ann@example.test' }),
    ]);
    expect(edited).toMatchObject({ address_string: 'Anna McNeil <anna@example.test>', first_name_key: 'anna', last_name_key: 'mcneil' });
  });

  it('removes a deleted user from the users and keeps their name for the activity log', () => {
    const deleted = recorded('UserDeleted', { email: 'ann@example.test', firstName: 'Ann', lastName: 'Lee', customerGroupId: 'g1' });
    const changes = usersProjection.project(deleted);
    expect(changes.map((change) => [change.collection, change.id, change.apply(fold([registered]))])).toEqual([
      [USERS, 'u1', null],
      [USER_CARDS, 'u1', null],
      [USER_RECIPIENT_KEYS, 'u1', null],
      [FORMER_USERS, 'u1', { _id: 'u1', email: 'ann@example.test', first_name: 'Ann', last_name: 'Lee' }],
    ]);
  });
});
