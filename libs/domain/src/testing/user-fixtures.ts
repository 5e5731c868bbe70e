import type { UserEvent, UserRegistered } from '../user/user.events';

/** A registered user with a password, as decider tests start from. */
export const registered: UserRegistered = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    email: 'ann@example.test',
    firstName: 'Ann',
    lastName: 'Lee',
    customerGroupId: 'g1',
    rootId: 'g1',
    customerPermission: 'OPERATOR',
    isTemporary: false,
    preferredTimezone: 'Europe/London',
  },
};

export const passwordSet: UserEvent = { type: 'UserPasswordSet', data: { userId: 'u1' } };
export const signedIn = (sessionId = 's1'): UserEvent => ({ type: 'UserSignedIn', data: { userId: 'u1', sessionId } });
export const failed = (stage: 'password' | 'second_factor' = 'password'): UserEvent => ({
  type: 'UserSignInFailed',
  data: { userId: 'u1', stage },
});

export const T0 = '2025-01-01T10:00:00.000Z';
/** An ISO time `seconds` after T0. */
export const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();
