import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { userDecider } from './user.decide';
import type { UserEvent, UserRegistered } from './user.events';

const registered: UserRegistered = {
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
const passwordSet: UserEvent = { type: 'UserPasswordSet', data: { userId: 'u1' } };
const signedIn: UserEvent = { type: 'UserSignedIn', data: { userId: 'u1', sessionId: 's1' } };

describe('user decider', () => {
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

  it('signs in with a verified password', () => {
    expect(given(userDecider, [registered, passwordSet]).when({ type: 'SignIn', data: { sessionId: 's1', passwordVerified: true } })).toEqual([
      signedIn,
    ]);
  });

  it('records a failed attempt for a wrong password or a user without one', () => {
    const failed = [{ type: 'UserSignInFailed', data: { userId: 'u1' } }];
    expect(given(userDecider, [registered, passwordSet]).when({ type: 'SignIn', data: { sessionId: 's1', passwordVerified: false } })).toEqual(failed);
    expect(given(userDecider, [registered]).when({ type: 'SignIn', data: { sessionId: 's1', passwordVerified: true } })).toEqual(failed);
  });

  it('refuses sign-in for an unknown user with the generic credentials message', () => {
    expect(() => given(userDecider, []).when({ type: 'SignIn', data: { sessionId: 's1', passwordVerified: true } })).toThrow(
      'Unable to log in with provided credentials.',
    );
  });

  it('signs out an open session once, recording the inactivity flag', () => {
    const history = [registered, passwordSet, signedIn];
    expect(given(userDecider, history).when({ type: 'SignOut', data: { sessionId: 's1', inactivity: true } })).toEqual([
      { type: 'UserSignedOut', data: { userId: 'u1', sessionId: 's1', inactivity: true } },
    ]);
    const signedOut: UserEvent = { type: 'UserSignedOut', data: { userId: 'u1', sessionId: 's1', inactivity: true } };
    expect(given(userDecider, [...history, signedOut]).when({ type: 'SignOut', data: { sessionId: 's1', inactivity: false } })).toEqual([]);
  });
});
