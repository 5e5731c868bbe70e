import type { UserRegistered } from './user.events';

export interface RegisterUser {
  readonly type: 'RegisterUser';
  readonly data: UserRegistered['data'];
}

export interface SetPassword {
  readonly type: 'SetPassword';
  readonly data: { userId: string };
}

/** Password verification is I/O (a memory-hard KDF); the handler does it and passes the outcome in. */
export interface SignIn {
  readonly type: 'SignIn';
  readonly data: { sessionId: string; passwordVerified: boolean };
}

export interface SignOut {
  readonly type: 'SignOut';
  readonly data: { sessionId: string; inactivity: boolean };
}

export type UserCommand = RegisterUser | SetPassword | SignIn | SignOut;
