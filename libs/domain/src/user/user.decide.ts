import type { Decider } from '../shared/decider';
import { conflict, notFound, validationError } from '../shared/domain-errors';
import { isCustomerPermission } from '../shared/permissions';
import type {
  ChangeCustomerPermission,
  ChangePassword,
  CompleteSecondFactor,
  DisableTwoFactor,
  EnableTwoFactor,
  GrantImpersonation,
  RegisterUser,
  RequestPasswordReset,
  ResetPassword,
  SignIn,
  SignInAsImpersonated,
  SignOut,
  UserCommand,
} from './user.commands';
import type { SignInStage, UserEvent } from './user.events';
import { lockSecondsAfter, type LockoutPolicy } from './sign-in-lockout';
import {
  fieldError,
  IMPERSONATE_SELF_MESSAGE,
  impersonationInvalid,
  invalidCode,
  invalidCredentials,
  OLD_PASSWORD_INCORRECT_MESSAGE,
  PASSWORD_INCORRECT_MESSAGE,
  RESET_LINK_EXPIRED_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
  RESET_LINK_SUPERSEDED_MESSAGE,
  LINK_READDRESSED_MESSAGE,
  RESET_LINK_USED_MESSAGE,
  signInExpired,
  WELCOME_LINK_EXPIRED_MESSAGE,
  WELCOME_LINK_REPLACED_MESSAGE,
  WELCOME_LINK_SUPERSEDED_MESSAGE,
  WELCOME_LINK_USED_MESSAGE,
  TWO_FACTOR_ALREADY_ON_MESSAGE,
  TWO_FACTOR_NOT_ON_MESSAGE,
  TWO_FACTOR_NOT_STARTED_MESSAGE,
} from './user.messages';
import { changeUser, createUser, deleteUser } from './user-administration.decide';
import { evolveUser, initialUserState, type OpenGrant, type PasswordResetLink, type RegisteredUser, type UserState } from './user.state';
import { issueWelcomeEmail, withWelcomeEmail } from './user-welcome.decide';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const isOpen = (grant: OpenGrant | null, id: string, now: string): boolean =>
  grant !== null && grant.id === id && Date.parse(now) < Date.parse(grant.expiresAt);

function registered(state: UserState): RegisteredUser {
  if (state.status !== 'registered') throw notFound();
  return state;
}

function registerUser(command: RegisterUser, state: UserState): UserEvent[] {
  if (state.status !== 'absent') throw conflict('This user already exists.');
  const email = command.data.email.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(email)) throw validationError('Enter a valid email address.', { email: ['Enter a valid email address.'] });
  if (!isCustomerPermission(command.data.customerPermission))
    throw validationError('Invalid customer permission.', { customer_permission: ['Invalid customer permission.'] });
  return [{ type: 'UserRegistered', data: { ...command.data, email } }];
}

const isLocked = (state: RegisteredUser, now: string): boolean =>
  state.lockedUntil !== null && Date.parse(now) < Date.parse(state.lockedUntil);

/** A failed attempt; one that reaches the limit also locks the user, for longer each time (sign-in-lockout.ts). */
function failedAttempt(state: RegisteredUser, stage: SignInStage, lockout: LockoutPolicy, now: string): UserEvent[] {
  const failedAttempts = state.failedAttempts + 1;
  const failed: UserEvent = { type: 'UserSignInFailed', data: { userId: state.userId, stage } };
  const lockSeconds = lockSecondsAfter(failedAttempts, lockout);
  if (lockSeconds === null) return [failed];
  const lockedUntil = new Date(Date.parse(now) + lockSeconds * 1000).toISOString();
  return [failed, { type: 'UserLockedOut', data: { userId: state.userId, failedAttempts, lockedUntil } }];
}

/**
 * While locked, even the right password is refused, and with the answer any failure gets: a
 * distinct answer would tell a guesser that the email belongs to an account. Nothing is recorded,
 * so guessing on cannot fill the history. (The sign-in throttle answers a locked email first, with
 * when to try again, for known and unknown emails alike.)
 */
function signIn(command: SignIn, state: UserState): UserEvent[] {
  if (state.status !== 'registered') throw invalidCredentials();
  const { sessionId, passwordVerified, challengeId, challengeExpiresAt, now, lockout } = command.data;
  if (isLocked(state, now)) throw invalidCredentials();
  if (!state.hasPassword || !passwordVerified) return failedAttempt(state, 'password', lockout, now);
  if (state.twoFactor === 'on')
    return [{ type: 'UserSecondFactorRequested', data: { userId: state.userId, challengeId, expiresAt: challengeExpiresAt } }];
  return [{ type: 'UserSignedIn', data: { userId: state.userId, sessionId } }];
}

function completeSecondFactor(command: CompleteSecondFactor, state: UserState): UserEvent[] {
  if (state.status !== 'registered') throw signInExpired();
  const { challengeId, sessionId, codeVerified, now, lockout } = command.data;
  if (state.twoFactor !== 'on' || !isOpen(state.challenge, challengeId, now)) throw signInExpired();
  if (isLocked(state, now)) throw invalidCode();
  if (!codeVerified) return failedAttempt(state, 'second_factor', lockout, now);
  return [{ type: 'UserSignedIn', data: { userId: state.userId, sessionId } }];
}

function signOut(command: SignOut, state: UserState): UserEvent[] {
  if (state.status !== 'registered' || !state.openSessions.includes(command.data.sessionId)) return [];
  return [{ type: 'UserSignedOut', data: { userId: state.userId, ...command.data } }];
}

function clearFailedLoginAttempts(state: UserState): UserEvent[] {
  const user = registered(state);
  if (user.failedAttempts === 0 && user.lockedUntil === null) return [];
  return [{ type: 'UserFailedLoginAttemptsCleared', data: { userId: user.userId } }];
}

/** Past the limit nothing is recorded and nothing is sent; the caller answers as if it were. */
function requestPasswordReset(command: RequestPasswordReset, state: UserState): UserEvent[] {
  const user = registered(state);
  const { resetId, expiresAt, attemptsLimit } = command.data;
  if (user.passwordResetAttempts >= attemptsLimit) return [];
  return [{ type: 'UserPasswordResetRequested', data: { userId: user.userId, resetId, expiresAt } }];
}

function resetPassword(command: ResetPassword, state: UserState): UserEvent[] {
  if (state.status !== 'registered') throw fieldError('token', RESET_LINK_INVALID_MESSAGE);
  const { resetId, now } = command.data;
  const link = state.passwordResets.get(resetId);
  if (!link) throw fieldError('token', RESET_LINK_INVALID_MESSAGE);
  const closed = closedLinkMessage(link, now);
  if (closed) throw fieldError('token', closed);
  return [{ type: 'UserPasswordReset', data: { userId: state.userId, resetId, ...(link.welcome ? { welcome: true as const } : {}) } }];
}

/** Why a link can no longer set the password, in the words of its kind (reset or welcome); null while it can. */
function closedLinkMessage(link: PasswordResetLink, now: string): string | null {
  const welcome = link.welcome === true;
  switch (link.status) {
    case 'used':
      return welcome ? WELCOME_LINK_USED_MESSAGE : RESET_LINK_USED_MESSAGE;
    case 'superseded':
      return welcome ? WELCOME_LINK_SUPERSEDED_MESSAGE : RESET_LINK_SUPERSEDED_MESSAGE;
    case 'replaced':
      return WELCOME_LINK_REPLACED_MESSAGE;
    case 'readdressed':
      return LINK_READDRESSED_MESSAGE;
    case 'open':
      if (Date.parse(now) < Date.parse(link.expiresAt)) return null;
      return welcome ? WELCOME_LINK_EXPIRED_MESSAGE : RESET_LINK_EXPIRED_MESSAGE;
  }
}

function clearPasswordResetAttempts(state: UserState): UserEvent[] {
  const user = registered(state);
  if (user.passwordResetAttempts === 0) return [];
  return [{ type: 'UserPasswordResetAttemptsCleared', data: { userId: user.userId } }];
}

function changePassword(command: ChangePassword, state: UserState): UserEvent[] {
  const user = registered(state);
  if (!command.data.oldPasswordVerified) throw fieldError('old_password', OLD_PASSWORD_INCORRECT_MESSAGE);
  return [{ type: 'UserPasswordChanged', data: { userId: user.userId, sessionId: command.data.sessionId } }];
}

function startTwoFactorSetup(state: UserState): UserEvent[] {
  const user = registered(state);
  if (user.twoFactor === 'on') throw validationError(TWO_FACTOR_ALREADY_ON_MESSAGE);
  return [{ type: 'UserTwoFactorSetupStarted', data: { userId: user.userId, method: 'totp' } }];
}

function enableTwoFactor(command: EnableTwoFactor, state: UserState): UserEvent[] {
  const user = registered(state);
  if (user.twoFactor === 'on') throw validationError(TWO_FACTOR_ALREADY_ON_MESSAGE);
  if (user.twoFactor === 'off') throw validationError(TWO_FACTOR_NOT_STARTED_MESSAGE);
  if (!command.data.codeVerified) throw invalidCode();
  return [{ type: 'UserTwoFactorEnabled', data: { userId: user.userId, method: 'totp' } }];
}

/** Also cancels a setup that was started and never confirmed. */
function disableTwoFactor(command: DisableTwoFactor, state: UserState): UserEvent[] {
  const user = registered(state);
  if (!command.data.passwordVerified) throw fieldError('password', PASSWORD_INCORRECT_MESSAGE);
  if (user.twoFactor === 'off') throw validationError(TWO_FACTOR_NOT_ON_MESSAGE);
  return [{ type: 'UserTwoFactorDisabled', data: { userId: user.userId } }];
}

function grantImpersonation(command: GrantImpersonation, state: UserState): UserEvent[] {
  const user = registered(state);
  if (command.data.adminUserId === user.userId) throw validationError(IMPERSONATE_SELF_MESSAGE);
  return [{ type: 'UserImpersonationGranted', data: { userId: user.userId, ...command.data } }];
}

function signInAsImpersonated(command: SignInAsImpersonated, state: UserState): UserEvent[] {
  if (state.status !== 'registered') throw impersonationInvalid();
  const { grantId, sessionId, now } = command.data;
  const grant = state.impersonation;
  if (!grant || !isOpen(grant, grantId, now)) throw impersonationInvalid();
  return [{ type: 'UserImpersonated', data: { userId: state.userId, grantId, adminUserId: grant.adminUserId, sessionId } }];
}

function changeCustomerPermission(command: ChangeCustomerPermission, state: UserState): UserEvent[] {
  const user = registered(state);
  const { customerPermission } = command.data;
  if (!isCustomerPermission(customerPermission))
    throw validationError('Invalid customer permission.', { customer_permission: ['Invalid customer permission.'] });
  if (customerPermission === user.customerPermission) return [];
  return [
    {
      type: 'UserCustomerPermissionChanged',
      data: { userId: user.userId, customerPermission, previousCustomerPermission: user.customerPermission },
    },
  ];
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return registerUser(command, state);
    case 'SetPassword':
      return [{ type: 'UserPasswordSet', data: { userId: registered(state).userId } }];
    case 'SignIn':
      return signIn(command, state);
    case 'CompleteSecondFactor':
      return completeSecondFactor(command, state);
    case 'SignOut':
      return signOut(command, state);
    case 'ClearFailedLoginAttempts':
      return clearFailedLoginAttempts(state);
    case 'RequestPasswordReset':
      return requestPasswordReset(command, state);
    case 'ResetPassword':
      return resetPassword(command, state);
    case 'ClearPasswordResetAttempts':
      return clearPasswordResetAttempts(state);
    case 'ChangePassword':
      return changePassword(command, state);
    case 'StartTwoFactorSetup':
      return startTwoFactorSetup(state);
    case 'EnableTwoFactor':
      return enableTwoFactor(command, state);
    case 'DisableTwoFactor':
      return disableTwoFactor(command, state);
    case 'GrantImpersonation':
      return grantImpersonation(command, state);
    case 'SignInAsImpersonated':
      return signInAsImpersonated(command, state);
    case 'ChangeCustomerPermission':
      return changeCustomerPermission(command, state);
    case 'CreateUser':
      return withWelcomeEmail(command, createUser(command, state));
    case 'IssueWelcomeEmail':
      return issueWelcomeEmail(command, state);
    case 'ChangeUser':
      return changeUser(command, state);
    case 'DeleteUser':
      return deleteUser(command, state);
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  decide: decideUser,
  evolve: evolveUser,
  initialState: initialUserState,
};

export const userStream = (userId: string) => `user-${userId}`;
