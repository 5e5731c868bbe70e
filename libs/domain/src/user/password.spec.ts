import { describe, expect, it } from '@jest/globals';
import { given } from '../shared/given-when-then';
import { at, failed, passwordSet, registered, signedIn } from '../testing/user-fixtures';
import { assertNewPassword, passwordProblems, PASSWORD_MISMATCH_MESSAGE } from './password-policy';
import type { RequestPasswordReset } from './user.commands';
import { userDecider } from './user.decide';
import type { UserEvent } from './user.events';
import {
  RESET_LINK_EXPIRED_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
  RESET_LINK_SUPERSEDED_MESSAGE,
  RESET_LINK_USED_MESSAGE,
} from './user.messages';
import { DomainError } from '../shared/domain-errors';

const LIMIT = 3;
const request = (resetId: string): RequestPasswordReset => ({
  type: 'RequestPasswordReset',
  data: { resetId, expiresAt: at(3600), attemptsLimit: LIMIT },
});
const requested = (resetId: string): UserEvent => ({
  type: 'UserPasswordResetRequested',
  data: { userId: 'u1', resetId, expiresAt: at(3600) },
});
const reset = (resetId: string, now = at(60)) => ({ type: 'ResetPassword', data: { resetId, now } }) as const;
const resetDone = (resetId: string): UserEvent => ({ type: 'UserPasswordReset', data: { userId: 'u1', resetId } });

function errorOf(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a domain error');
}

describe('password reset', () => {
  it('records a requested link with its expiry', () => {
    expect(given(userDecider, [registered, passwordSet]).when(request('r1'))).toEqual([requested('r1')]);
  });

  it('stops recording (and sending) requests at the limit, until an admin clears the attempts', () => {
    const atLimit = [registered, requested('r1'), requested('r2'), requested('r3')];
    expect(given(userDecider, atLimit).when(request('r4'))).toEqual([]);
    const cleared: UserEvent = { type: 'UserPasswordResetAttemptsCleared', data: { userId: 'u1' } };
    expect(given(userDecider, atLimit).when({ type: 'ClearPasswordResetAttempts', data: {} })).toEqual([cleared]);
    expect(given(userDecider, [...atLimit, cleared]).when(request('r4'))).toEqual([requested('r4')]);
    expect(given(userDecider, [registered]).when({ type: 'ClearPasswordResetAttempts', data: {} })).toEqual([]);
  });

  it('a successful reset starts the count again', () => {
    const history = [registered, requested('r1'), requested('r2'), requested('r3'), resetDone('r3')];
    expect(given(userDecider, history).when(request('r4'))).toEqual([requested('r4')]);
  });

  it('sets the password through an open link', () => {
    expect(given(userDecider, [registered, requested('r1')]).when(reset('r1'))).toEqual([resetDone('r1')]);
  });

  it('uses a link once', () => {
    const error = errorOf(() => given(userDecider, [registered, requested('r1'), resetDone('r1')]).when(reset('r1')));
    expect(error).toMatchObject({ kind: 'validation', message: RESET_LINK_USED_MESSAGE, fields: { token: [RESET_LINK_USED_MESSAGE] } });
  });

  it('refuses an expired link, an unknown one, and any link older than the latest password change', () => {
    expect(() => given(userDecider, [registered, requested('r1')]).when(reset('r1', at(3600)))).toThrow(RESET_LINK_EXPIRED_MESSAGE);
    expect(() => given(userDecider, [registered, requested('r1')]).when(reset('nope'))).toThrow(RESET_LINK_INVALID_MESSAGE);
    expect(() => given(userDecider, []).when(reset('r1'))).toThrow(RESET_LINK_INVALID_MESSAGE);
    const history = [registered, requested('r1'), requested('r2'), resetDone('r2')];
    expect(() => given(userDecider, history).when(reset('r1'))).toThrow(RESET_LINK_SUPERSEDED_MESSAGE);
    const changed: UserEvent = { type: 'UserPasswordChanged', data: { userId: 'u1', sessionId: 's1' } };
    expect(() => given(userDecider, [registered, requested('r1'), changed]).when(reset('r1'))).toThrow(RESET_LINK_SUPERSEDED_MESSAGE);
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])('knows no link named %s', (resetId) => {
    const error = errorOf(() => given(userDecider, [registered, requested('r1')]).when(reset(resetId)));
    expect(error).toMatchObject({ kind: 'validation', message: RESET_LINK_INVALID_MESSAGE, fields: { token: [RESET_LINK_INVALID_MESSAGE] } });
  });

  it('does not end a lock (it runs out, or an admin clears it)', () => {
    const locked: UserEvent = { type: 'UserLockedOut', data: { userId: 'u1', failedAttempts: 5, lockedUntil: at(60) } };
    const history = [registered, passwordSet, failed(), locked, requested('r1'), resetDone('r1')];
    const signIn = (now: string) =>
      given(userDecider, history).when({
        type: 'SignIn',
        data: { sessionId: 's1', passwordVerified: true, challengeId: 'c', challengeExpiresAt: at(1), now, lockout: { attempts: 5, seconds: 60, maxSeconds: 3600 } },
      });
    expect(() => signIn(at(59))).toThrow('Unable to log in with provided credentials.');
    expect(signIn(at(60))).toEqual([signedIn()]);
  });
});

describe('change password', () => {
  it('records the change from the current session when the old password was right', () => {
    expect(
      given(userDecider, [registered, passwordSet, signedIn()]).when({ type: 'ChangePassword', data: { oldPasswordVerified: true, sessionId: 's1' } }),
    ).toEqual([{ type: 'UserPasswordChanged', data: { userId: 'u1', sessionId: 's1' } }]);
  });

  it('answers a field error on old_password when it was wrong', () => {
    const error = errorOf(() =>
      given(userDecider, [registered, passwordSet]).when({ type: 'ChangePassword', data: { oldPasswordVerified: false, sessionId: 's1' } }),
    );
    expect(error.fields).toEqual({ old_password: ['Your old password was entered incorrectly. Please enter it again.'] });
  });

  it('ends every other open session (sign-out of them records nothing more)', () => {
    const changed: UserEvent = { type: 'UserPasswordChanged', data: { userId: 'u1', sessionId: 's1' } };
    const history = [registered, passwordSet, signedIn('s1'), signedIn('s2'), changed];
    expect(given(userDecider, history).when({ type: 'SignOut', data: { sessionId: 's2', inactivity: false } })).toEqual([]);
    expect(given(userDecider, history).when({ type: 'SignOut', data: { sessionId: 's1', inactivity: false } })).toHaveLength(1);
  });
});

describe('password policy', () => {
  it('accepts a reasonable password', () => {
    expect(passwordProblems('Correct-horse-9', 'ann@example.test')).toEqual([]);
  });

  it('names each problem in Django’s words', () => {
    expect(passwordProblems('short1', 'ann@example.test')).toEqual(['This password is too short. It must contain at least 8 characters.']);
    expect(passwordProblems('1234567890', 'ann@example.test')).toEqual(['This password is entirely numeric.']);
    expect(passwordProblems('Password1', 'ann@example.test')).toEqual(['This password is too common.']);
    expect(passwordProblems('xx-annie-xx', 'annie@example.test')).toEqual(['The password is too similar to the email address.']);
    expect(passwordProblems('a'.repeat(129), 'ann@example.test')).toEqual(['This password is too long. It must contain at most 128 characters.']);
  });

  it('checks the confirmation and puts each message under its field', () => {
    expect(() => assertNewPassword('Correct-horse-9', 'Correct-horse-9', 'ann@example.test')).not.toThrow();
    const error = errorOf(() => assertNewPassword('short', 'other', 'ann@example.test'));
    expect(error.fields).toEqual({
      new_password1: ['This password is too short. It must contain at least 8 characters.'],
      new_password2: [PASSWORD_MISMATCH_MESSAGE],
    });
  });
});
