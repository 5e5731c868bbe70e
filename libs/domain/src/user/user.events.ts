import type { CustomerPermission } from '../shared/permissions';
import type { DomainEvent } from '../shared/decider';

export const USER_EVENT_VERSIONS = {
  UserRegistered: 1,
  UserPasswordSet: 1,
  UserSignedIn: 1,
  UserSignInFailed: 1,
  UserSignedOut: 1,
} as const;

export type UserRegistered = DomainEvent<
  'UserRegistered',
  {
    userId: string;
    email: string;
    firstName: string;
    lastName: string;
    customerGroupId: string;
    rootId: string;
    customerPermission: CustomerPermission;
    isTemporary: boolean;
    preferredTimezone: string;
  }
>;

/** The password hash itself is kept in the credential store, never in an event. */
export type UserPasswordSet = DomainEvent<'UserPasswordSet', { userId: string }>;

/** `sessionId` names the sign-in; the token itself is a secret and is not recorded. */
export type UserSignedIn = DomainEvent<'UserSignedIn', { userId: string; sessionId: string }>;

export type UserSignInFailed = DomainEvent<'UserSignInFailed', { userId: string }>;

export type UserSignedOut = DomainEvent<'UserSignedOut', { userId: string; sessionId: string; inactivity: boolean }>;

export type UserEvent = UserRegistered | UserPasswordSet | UserSignedIn | UserSignInFailed | UserSignedOut;
