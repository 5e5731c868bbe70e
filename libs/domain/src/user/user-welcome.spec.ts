import { describe, expect, it } from '@jest/globals';
import { EventFields } from '../shared/activity';
import { DomainError } from '../shared/domain-errors';
import { given } from '../shared/given-when-then';
import { at, passwordSet, registered } from '../testing/user-fixtures';
import type { CreateUser, IssueWelcomeEmail } from './user.commands';
import { userActivity } from './user.activity';
import { userDecider } from './user.decide';
import type { UserEvent } from './user.events';
import {
  LINK_READDRESSED_MESSAGE,
  RESET_LINK_SUPERSEDED_MESSAGE,
  WELCOME_EMAIL_PASSWORD_SET_MESSAGE,
  WELCOME_LINK_EXPIRED_MESSAGE,
  WELCOME_LINK_REPLACED_MESSAGE,
  WELCOME_LINK_SUPERSEDED_MESSAGE,
  WELCOME_LINK_USED_MESSAGE,
} from './user.messages';

const WEEK = 7 * 24 * 3600;
const issue = (invitationId: string, approved = false): IssueWelcomeEmail => ({
  type: 'IssueWelcomeEmail',
  data: { invitationId, expiresAt: at(WEEK), approved },
});
const issued = (invitationId: string, approved = false): UserEvent => ({
  type: 'UserWelcomeEmailIssued',
  data: { userId: 'u1', invitationId, expiresAt: at(WEEK), approved },
});
const setPassword = (resetId: string, now = at(60)) => ({ type: 'ResetPassword', data: { resetId, now } }) as const;
const setThroughWelcome = (invitationId: string): UserEvent => ({ type: 'UserPasswordReset', data: { userId: 'u1', resetId: invitationId, welcome: true } });

/** The message under `token` of the refusal `run` throws. */
function tokenRefusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return (error.fields.token ?? [])[0] ?? `no token error: ${error.message}`;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('welcome email: issuing', () => {
  it('comes with a new user when the create command carries its link', () => {
    const create: CreateUser = {
      type: 'CreateUser',
      data: {
        user: { ...registered.data, isActive: true, isMessageRecipient: true },
        by: { userId: 'boss', customerPermission: 'ADMIN' },
        lockedRoles: { admin: false, operator: false, data: false, sender: false },
        welcome: { invitationId: 'w1', expiresAt: at(WEEK) },
      },
    };
    const events = given(userDecider, []).when(create);
    expect(events.map((event) => event.type)).toEqual(['UserRegistered', 'UserWelcomeEmailIssued']);
    expect(events.at(-1)).toEqual(issued('w1'));
    expect(given(userDecider, []).when({ ...create, data: { ...create.data, welcome: undefined } }).map((event) => event.type)).toEqual(['UserRegistered']);
  });

  it('is reissued to a user without a password, approved or not', () => {
    expect(given(userDecider, [registered]).when(issue('w2'))).toEqual([issued('w2')]);
    expect(given(userDecider, [registered, issued('w1')]).when(issue('w2', true))).toEqual([issued('w2', true)]);
  });

  it('is refused to a user who has set a password, by any means', () => {
    for (const history of [[registered, passwordSet], [registered, issued('w1'), setThroughWelcome('w1')]]) {
      expect(() => given(userDecider, history).when(issue('w2'))).toThrow(WELCOME_EMAIL_PASSWORD_SET_MESSAGE);
    }
  });

  it('is refused (not found) to a user who is not there or was deleted', () => {
    const deleted: UserEvent = { type: 'UserDeleted', data: { userId: 'u1', email: 'ann@example.test', firstName: 'Ann', lastName: 'Lee', customerGroupId: 'g1' } };
    expect(() => given(userDecider, []).when(issue('w1'))).toThrow(expect.objectContaining({ kind: 'not_found' }));
    expect(() => given(userDecider, [registered, deleted]).when(issue('w1'))).toThrow(expect.objectContaining({ kind: 'not_found' }));
  });
});

describe('welcome email: its link', () => {
  it('sets the password once', () => {
    expect(given(userDecider, [registered, issued('w1')]).when(setPassword('w1'))).toEqual([setThroughWelcome('w1')]);
    expect(tokenRefusal(() => given(userDecider, [registered, issued('w1'), setThroughWelcome('w1')]).when(setPassword('w1')))).toBe(WELCOME_LINK_USED_MESSAGE);
  });

  it('is replaced by a reissue: the older link says so, the newer one works', () => {
    const history = [registered, issued('w1'), issued('w2')];
    expect(tokenRefusal(() => given(userDecider, history).when(setPassword('w1')))).toBe(WELCOME_LINK_REPLACED_MESSAGE);
    expect(given(userDecider, history).when(setPassword('w2'))).toEqual([setThroughWelcome('w2')]);
  });

  it('is void once the user\'s email changed, as are reset links sent before: they went to the old address', () => {
    const requested: UserEvent = { type: 'UserPasswordResetRequested', data: { userId: 'u1', resetId: 'r1', expiresAt: at(3600) } };
    const readdressed: UserEvent = { type: 'UserEmailChanged', data: { userId: 'u1', email: 'new@example.test', previousEmail: 'ann@example.test' } };
    const history = [registered, issued('w1'), requested, readdressed];
    expect(tokenRefusal(() => given(userDecider, history).when(setPassword('w1')))).toBe(LINK_READDRESSED_MESSAGE);
    expect(tokenRefusal(() => given(userDecider, history).when(setPassword('r1')))).toBe(LINK_READDRESSED_MESSAGE);
    expect(given(userDecider, [...history, issued('w2')]).when(setPassword('w2'))).toEqual([setThroughWelcome('w2')]);
  });

  it('expires', () => {
    expect(tokenRefusal(() => given(userDecider, [registered, issued('w1')]).when(setPassword('w1', at(WEEK))))).toBe(WELCOME_LINK_EXPIRED_MESSAGE);
  });

  it('is void once a password was set through a reset link, and a reissue leaves reset links open', () => {
    const requested: UserEvent = { type: 'UserPasswordResetRequested', data: { userId: 'u1', resetId: 'r1', expiresAt: at(3600) } };
    const reset: UserEvent = { type: 'UserPasswordReset', data: { userId: 'u1', resetId: 'r1' } };
    expect(tokenRefusal(() => given(userDecider, [registered, issued('w1'), requested, reset]).when(setPassword('w1')))).toBe(WELCOME_LINK_SUPERSEDED_MESSAGE);
    expect(given(userDecider, [registered, requested, issued('w1')]).when(setPassword('r1'))).toEqual([reset]);
    expect(tokenRefusal(() => given(userDecider, [registered, requested, issued('w1'), setThroughWelcome('w1')]).when(setPassword('r1')))).toBe(
      RESET_LINK_SUPERSEDED_MESSAGE,
    );
  });
});

describe('welcome email: activity log', () => {
  const describe_ = (event: UserEvent) => {
    const describer = userActivity[event.type as keyof typeof userActivity];
    return describer(new EventFields(event.data as Record<string, unknown>), { ...event, metadata: { actorUserId: 'boss' } });
  };

  it('tells an issued welcome email, and an approval', () => {
    expect(describe_(issued('w1'))).toMatchObject({ category: 'user', summary: 'Sent a welcome email', targetUserId: 'u1', details: { approved: false } });
    expect(describe_(issued('w1', true)).summary).toBe('Approved a user and sent them a welcome email');
  });

  it('tells a password set through the welcome email apart from a reset', () => {
    expect(describe_(setThroughWelcome('w1')).summary).toBe('Set their password through the welcome email');
    expect(describe_({ type: 'UserPasswordReset', data: { userId: 'u1', resetId: 'r1' } }).summary).toBe('Set a new password through a reset link');
  });
});
