import { describe, expect, it } from '@jest/globals';
import { foldEvents } from '../shared/decider';
import { given } from '../shared/given-when-then';
import { at, failed, passwordSet, registered, signedIn, T0 } from '../testing/user-fixtures';
import { evolveUserAccess, initialUserAccess } from './user-access';
import type { SignIn } from './user.commands';
import { userDecider } from './user.decide';
import type { UserEvent } from './user.events';
import type { LockoutPolicy } from './sign-in-lockout';
import { IMPERSONATION_INVALID_MESSAGE, INVALID_CODE_MESSAGE, INVALID_CREDENTIALS_MESSAGE, SIGN_IN_EXPIRED_MESSAGE } from './user.messages';

const LIMIT = 5;
const lockout: LockoutPolicy = { attempts: LIMIT, seconds: 60, maxSeconds: 300 };
const signIn = (passwordVerified: boolean, sessionId = 's1', now = at(10)): SignIn => ({
  type: 'SignIn',
  data: { sessionId, passwordVerified, challengeId: 'c1', challengeExpiresAt: at(300), now, lockout },
});
const completeSecondFactor = (codeVerified: boolean, now = at(10), challengeId = 'c1') =>
  ({ type: 'CompleteSecondFactor', data: { challengeId, sessionId: 's2', codeVerified, now, lockout } }) as const;
const failures = (count: number) => Array.from({ length: count }, () => failed());
/** The lock recorded with the `failedAttempts`-th consecutive failure. */
const lockedOut = (failedAttempts: number, lockedUntil: string): UserEvent => ({
  type: 'UserLockedOut',
  data: { userId: 'u1', failedAttempts, lockedUntil },
});
const twoFactorOn: UserEvent[] = [
  { type: 'UserTwoFactorSetupStarted', data: { userId: 'u1', method: 'totp' } },
  { type: 'UserTwoFactorEnabled', data: { userId: 'u1', method: 'totp' } },
];
const challenged: UserEvent = { type: 'UserSecondFactorRequested', data: { userId: 'u1', challengeId: 'c1', expiresAt: at(300) } };

describe('user decider: registration', () => {
  it('registers a user with a lower-cased email', () => {
    const events = given(userDecider, []).when({ type: 'RegisterUser', data: { ...registered.data, email: ' Ann@Example.TEST ' } });
    expect(events).toEqual([registered]);
  });

  it('rejects an invalid email or permission', () => {
    expect(() => given(userDecider, []).when({ type: 'RegisterUser', data: { ...registered.data, email: 'nope' } })).toThrow(
      'Enter a valid email address.',
    );
    expect(() =>
      given(userDecider, []).when({ type: 'RegisterUser', data: { ...registered.data, customerPermission: 'ROOT' as never } }),
    ).toThrow('Invalid customer permission.');
  });
});

describe('user decider: sign-in and lock-out', () => {
  it('signs in with a verified password', () => {
    expect(given(userDecider, [registered, passwordSet]).when(signIn(true))).toEqual([signedIn()]);
  });

  it('records a failed attempt for a wrong password or a user without one', () => {
    expect(given(userDecider, [registered, passwordSet]).when(signIn(false))).toEqual([failed()]);
    expect(given(userDecider, [registered]).when(signIn(true))).toEqual([failed()]);
  });

  it('refuses sign-in for an unknown user with the generic credentials message', () => {
    expect(() => given(userDecider, []).when(signIn(true))).toThrow('Unable to log in with provided credentials.');
  });

  it('locks the user for LOGIN_LOCKOUT_SECONDS with the failure that reaches the limit', () => {
    expect(given(userDecider, [registered, passwordSet, ...failures(LIMIT - 2)]).when(signIn(false))).toEqual([failed()]);
    expect(given(userDecider, [registered, passwordSet, ...failures(LIMIT - 1)]).when(signIn(false, 's1', at(10)))).toEqual([
      failed(),
      lockedOut(LIMIT, at(70)),
    ]);
  });

  it('counts consecutive failures only: a successful sign-in starts the count again', () => {
    const history = [registered, passwordSet, ...failures(LIMIT - 1), signedIn(), ...failures(LIMIT - 2)];
    expect(given(userDecider, history).when(signIn(false))).toEqual([failed()]);
  });

  it('refuses a locked user like any failed sign-in, even with the right password, and records nothing', () => {
    const history = [registered, passwordSet, ...failures(LIMIT), lockedOut(LIMIT, at(70))];
    expect(() => given(userDecider, history).when(signIn(true, 's1', at(69)))).toThrow(INVALID_CREDENTIALS_MESSAGE);
    expect(() => given(userDecider, history).when(signIn(false, 's1', at(69)))).toThrow(INVALID_CREDENTIALS_MESSAGE);
  });

  it('once the lock has run out, the right password signs in and starts the count again', () => {
    const history = [registered, passwordSet, ...failures(LIMIT), lockedOut(LIMIT, at(70))];
    expect(given(userDecider, history).when(signIn(true, 's1', at(70)))).toEqual([signedIn()]);
    expect(given(userDecider, [...history, signedIn()]).when(signIn(false, 's2', at(71)))).toEqual([failed()]);
  });

  it('once the lock has run out, each further failure locks again for twice as long, up to LOGIN_LOCKOUT_MAX_SECONDS', () => {
    const first = [registered, passwordSet, ...failures(LIMIT), lockedOut(LIMIT, at(70))];
    expect(given(userDecider, first).when(signIn(false, 's1', at(70)))).toEqual([failed(), lockedOut(LIMIT + 1, at(190))]);
    const second = [...first, failed(), lockedOut(LIMIT + 1, at(190))];
    expect(given(userDecider, second).when(signIn(false, 's1', at(190)))).toEqual([failed(), lockedOut(LIMIT + 2, at(430))]);
    const third = [...second, failed(), lockedOut(LIMIT + 2, at(430))];
    expect(given(userDecider, third).when(signIn(false, 's1', at(430)))).toEqual([failed(), lockedOut(LIMIT + 3, at(730))]);
  });

  it('counts a lock recorded before locks ran out on their own (no end time) as run out', () => {
    const before: UserEvent = { type: 'UserLockedOut', data: { userId: 'u1', failedAttempts: LIMIT } };
    expect(given(userDecider, [registered, passwordSet, ...failures(LIMIT), before]).when(signIn(true))).toEqual([signedIn()]);
  });

  it('an admin clears the failed attempts and the lock once; a user with nothing to clear records nothing', () => {
    const history = [registered, passwordSet, ...failures(LIMIT), lockedOut(LIMIT, at(70))];
    const cleared: UserEvent = { type: 'UserFailedLoginAttemptsCleared', data: { userId: 'u1' } };
    expect(given(userDecider, history).when({ type: 'ClearFailedLoginAttempts', data: {} })).toEqual([cleared]);
    expect(given(userDecider, [...history, cleared]).when(signIn(true, 's1', at(11)))).toEqual([signedIn()]);
    expect(given(userDecider, [...history, cleared]).when({ type: 'ClearFailedLoginAttempts', data: {} })).toEqual([]);
  });
});

describe('user decider: second factor', () => {
  const withTwoFactor = [registered, passwordSet, ...twoFactorOn];

  it('asks for the code instead of signing in when two-factor is on', () => {
    expect(given(userDecider, withTwoFactor).when(signIn(true))).toEqual([challenged]);
  });

  it('signs in with a verified code on the open challenge, once', () => {
    expect(given(userDecider, [...withTwoFactor, challenged]).when(completeSecondFactor(true))).toEqual([
      { type: 'UserSignedIn', data: { userId: 'u1', sessionId: 's2' } },
    ]);
    const completed: UserEvent = { type: 'UserSignedIn', data: { userId: 'u1', sessionId: 's2' } };
    expect(() => given(userDecider, [...withTwoFactor, challenged, completed]).when(completeSecondFactor(true))).toThrow(
      SIGN_IN_EXPIRED_MESSAGE,
    );
  });

  it('refuses an expired or unknown challenge', () => {
    expect(() => given(userDecider, [...withTwoFactor, challenged]).when(completeSecondFactor(true, at(300)))).toThrow(
      SIGN_IN_EXPIRED_MESSAGE,
    );
    expect(() => given(userDecider, [...withTwoFactor, challenged]).when(completeSecondFactor(true, at(1), 'other'))).toThrow(
      SIGN_IN_EXPIRED_MESSAGE,
    );
  });

  it('counts a wrong code as a failed attempt, and locks at the limit', () => {
    expect(given(userDecider, [...withTwoFactor, challenged]).when(completeSecondFactor(false))).toEqual([failed('second_factor')]);
    const nearLimit = [...withTwoFactor, ...failures(LIMIT - 1), challenged];
    expect(given(userDecider, nearLimit).when(completeSecondFactor(false))).toEqual([failed('second_factor'), lockedOut(LIMIT, at(70))]);
  });

  it('starts a setup, enables with a verified code only, and refuses a second setup while on', () => {
    const started = twoFactorOn[0]!;
    expect(given(userDecider, [registered, passwordSet]).when({ type: 'StartTwoFactorSetup', data: {} })).toEqual([started]);
    expect(() =>
      given(userDecider, [registered, passwordSet]).when({ type: 'EnableTwoFactor', data: { codeVerified: true } }),
    ).toThrow('Start the two-factor setup first.');
    expect(() => given(userDecider, [registered, started]).when({ type: 'EnableTwoFactor', data: { codeVerified: false } })).toThrow(
      INVALID_CODE_MESSAGE,
    );
    expect(given(userDecider, [registered, started]).when({ type: 'EnableTwoFactor', data: { codeVerified: true } })).toEqual([
      twoFactorOn[1],
    ]);
    expect(() => given(userDecider, withTwoFactor).when({ type: 'StartTwoFactorSetup', data: {} })).toThrow(
      'Two-factor authentication is already on.',
    );
  });

  it('disables with the right password only; afterwards sign-in needs no code', () => {
    expect(() => given(userDecider, withTwoFactor).when({ type: 'DisableTwoFactor', data: { passwordVerified: false } })).toThrow(
      'Your password was entered incorrectly. Please enter it again.',
    );
    const disabled: UserEvent = { type: 'UserTwoFactorDisabled', data: { userId: 'u1' } };
    expect(given(userDecider, withTwoFactor).when({ type: 'DisableTwoFactor', data: { passwordVerified: true } })).toEqual([disabled]);
    expect(given(userDecider, [...withTwoFactor, disabled]).when(signIn(true))).toEqual([signedIn()]);
    expect(() =>
      given(userDecider, [...withTwoFactor, disabled]).when({ type: 'DisableTwoFactor', data: { passwordVerified: true } }),
    ).toThrow('Two-factor authentication is not on.');
  });
});

describe('user decider: sign-out', () => {
  it('signs out an open session once, recording the inactivity flag', () => {
    const history = [registered, passwordSet, signedIn()];
    const signedOut: UserEvent = { type: 'UserSignedOut', data: { userId: 'u1', sessionId: 's1', inactivity: true } };
    expect(given(userDecider, history).when({ type: 'SignOut', data: { sessionId: 's1', inactivity: true } })).toEqual([signedOut]);
    expect(given(userDecider, [...history, signedOut]).when({ type: 'SignOut', data: { sessionId: 's1', inactivity: false } })).toEqual([]);
  });
});

describe('user decider: impersonation', () => {
  const granted: UserEvent = {
    type: 'UserImpersonationGranted',
    data: { userId: 'u1', grantId: 'g-1', adminUserId: 'admin', expiresAt: at(60) },
  };
  const exchange = (now: string, grantId = 'g-1') => ({ type: 'SignInAsImpersonated', data: { grantId, sessionId: 's9', now } }) as const;

  it('records a grant naming the admin, and refuses an admin impersonating themselves', () => {
    expect(
      given(userDecider, [registered]).when({ type: 'GrantImpersonation', data: { grantId: 'g-1', adminUserId: 'admin', expiresAt: at(60) } }),
    ).toEqual([granted]);
    expect(() =>
      given(userDecider, [registered]).when({ type: 'GrantImpersonation', data: { grantId: 'g-1', adminUserId: 'u1', expiresAt: at(60) } }),
    ).toThrow('You cannot impersonate yourself.');
  });

  it('exchanges an open grant once for a sign-in naming admin and user', () => {
    const impersonated: UserEvent = { type: 'UserImpersonated', data: { userId: 'u1', grantId: 'g-1', adminUserId: 'admin', sessionId: 's9' } };
    expect(given(userDecider, [registered, granted]).when(exchange(at(5)))).toEqual([impersonated]);
    expect(() => given(userDecider, [registered, granted, impersonated]).when(exchange(at(6)))).toThrow(IMPERSONATION_INVALID_MESSAGE);
  });

  it('refuses an expired, replaced or unknown grant', () => {
    expect(() => given(userDecider, [registered, granted]).when(exchange(at(60)))).toThrow(IMPERSONATION_INVALID_MESSAGE);
    const newer: UserEvent = { ...granted, data: { ...granted.data, grantId: 'g-2' } } as UserEvent;
    expect(() => given(userDecider, [registered, granted, newer]).when(exchange(at(1)))).toThrow(IMPERSONATION_INVALID_MESSAGE);
    expect(() => given(userDecider, []).when(exchange(T0))).toThrow(IMPERSONATION_INVALID_MESSAGE);
  });
});

describe('user decider: customer permission', () => {
  it('records a change of role with the previous one, and nothing for the same role', () => {
    expect(given(userDecider, [registered]).when({ type: 'ChangeCustomerPermission', data: { customerPermission: 'CONTACT' } })).toEqual([
      { type: 'UserCustomerPermissionChanged', data: { userId: 'u1', customerPermission: 'CONTACT', previousCustomerPermission: 'OPERATOR' } },
    ]);
    expect(given(userDecider, [registered]).when({ type: 'ChangeCustomerPermission', data: { customerPermission: 'OPERATOR' } })).toEqual([]);
    expect(() =>
      given(userDecider, [registered]).when({ type: 'ChangeCustomerPermission', data: { customerPermission: 'ROOT' as never } }),
    ).toThrow('Invalid customer permission.');
  });

  it('the access fold used by the token guard follows the current role', () => {
    const changed: UserEvent = {
      type: 'UserCustomerPermissionChanged',
      data: { userId: 'u1', customerPermission: 'CONTACT', previousCustomerPermission: 'OPERATOR' },
    };
    const access = foldEvents({ evolve: evolveUserAccess, initialState: initialUserAccess }, [registered, passwordSet, signedIn(), changed]);
    expect(access).toEqual({ status: 'active', userId: 'u1', email: 'ann@example.test', customerGroupId: 'g1', rootId: 'g1', customerPermission: 'CONTACT' });
    expect(foldEvents({ evolve: evolveUserAccess, initialState: initialUserAccess }, [])).toEqual({ status: 'absent' });
  });
});
