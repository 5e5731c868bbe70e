import type { Decider } from '../shared/decider';
import { DomainError, conflict, validationError } from '../shared/domain-errors';
import { isCustomerPermission } from '../shared/permissions';
import type { RegisterUser, SignIn, SignOut, UserCommand } from './user.commands';
import type { UserEvent } from './user.events';
import { evolveUser, initialUserState, type UserState } from './user.state';

/** The text the console shows for any failed sign-in; it never says which part was wrong. */
export const INVALID_CREDENTIALS_MESSAGE = 'Unable to log in with provided credentials.';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function registerUser(command: RegisterUser, state: UserState): UserEvent[] {
  if (state.status !== 'absent') throw conflict('This user already exists.');
  const email = command.data.email.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(email)) throw validationError('Enter a valid email address.', { email: ['Enter a valid email address.'] });
  if (!isCustomerPermission(command.data.customerPermission))
    throw validationError('Invalid customer permission.', { customer_permission: ['Invalid customer permission.'] });
  return [{ type: 'UserRegistered', data: { ...command.data, email } }];
}

function signIn(command: SignIn, state: UserState): UserEvent[] {
  if (state.status !== 'registered') throw new DomainError('unauthenticated', INVALID_CREDENTIALS_MESSAGE);
  if (!state.hasPassword || !command.data.passwordVerified)
    return [{ type: 'UserSignInFailed', data: { userId: state.userId } }];
  return [{ type: 'UserSignedIn', data: { userId: state.userId, sessionId: command.data.sessionId } }];
}

function signOut(command: SignOut, state: UserState): UserEvent[] {
  if (state.status !== 'registered' || !state.openSessions.includes(command.data.sessionId)) return [];
  return [{ type: 'UserSignedOut', data: { userId: state.userId, ...command.data } }];
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return registerUser(command, state);
    case 'SetPassword':
      if (state.status !== 'registered') throw validationError('Unknown user.');
      return [{ type: 'UserPasswordSet', data: { userId: state.userId } }];
    case 'SignIn':
      return signIn(command, state);
    case 'SignOut':
      return signOut(command, state);
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  decide: decideUser,
  evolve: evolveUser,
  initialState: initialUserState,
};

export const userStream = (userId: string) => `user-${userId}`;
