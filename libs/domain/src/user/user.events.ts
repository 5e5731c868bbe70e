import type { CustomerPermission } from '../shared/permissions';
import type { DomainEvent } from '../shared/decider';

export const USER_EVENT_VERSIONS = {
  UserRegistered: 1,
  UserPasswordSet: 1,
  UserSignedIn: 1,
  UserSignInFailed: 1,
  UserSignedOut: 1,
  UserLockedOut: 1,
  UserFailedLoginAttemptsCleared: 1,
  UserSecondFactorRequested: 1,
  UserPasswordResetRequested: 1,
  UserPasswordReset: 1,
  UserPasswordResetAttemptsCleared: 1,
  UserPasswordChanged: 1,
  UserTwoFactorSetupStarted: 1,
  UserTwoFactorEnabled: 1,
  UserTwoFactorDisabled: 1,
  UserImpersonationGranted: 1,
  UserImpersonated: 1,
  UserCustomerPermissionChanged: 1,
  UserDetailsChanged: 1,
  UserMovedToCustomerGroup: 1,
  UserEmailChanged: 1,
  UserDeleted: 1,
  UserFieldValuesChanged: 1,
  UserWelcomeEmailIssued: 1,
} as const;

/*
 * No event carries a password, a hash, a token or a TOTP secret: those live in the credential and
 * token stores. Events name sign-ins, challenges, reset links and impersonation grants by ids of
 * their own, which reveal nothing about the secrets handed to the client.
 */

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
    /** Absent in users registered before these flags existed: such a user is active. */
    isActive?: boolean;
    /** Absent in users registered before these flags existed: such a user receives messages. */
    isMessageRecipient?: boolean;
  }
>;

export type UserPasswordSet = DomainEvent<'UserPasswordSet', { userId: string }>;

/** `sessionId` names the sign-in; the token itself is a secret and is not recorded. */
export type UserSignedIn = DomainEvent<'UserSignedIn', { userId: string; sessionId: string }>;

/** A wrong password, or a wrong second-factor code (`stage`; absent in events recorded before two-factor sign-in). */
export type UserSignInFailed = DomainEvent<'UserSignInFailed', { userId: string; stage?: SignInStage }>;
export type SignInStage = 'password' | 'second_factor';

export type UserSignedOut = DomainEvent<'UserSignedOut', { userId: string; sessionId: string; inactivity: boolean }>;

/**
 * Recorded with a failed attempt that reached the limit: sign-in stays refused until `lockedUntil`,
 * or until an admin clears it. Absent in events recorded when locks lasted until an admin cleared
 * them: such a lock counts as run out.
 */
export type UserLockedOut = DomainEvent<'UserLockedOut', { userId: string; failedAttempts: number; lockedUntil?: string }>;

export type UserFailedLoginAttemptsCleared = DomainEvent<'UserFailedLoginAttemptsCleared', { userId: string }>;

/** The password was right and the user has two-factor on: a short-lived challenge awaits the code. */
export type UserSecondFactorRequested = DomainEvent<
  'UserSecondFactorRequested',
  { userId: string; challengeId: string; expiresAt: string }
>;

/** A reset link was emailed; `resetId` names it (the link's token is not recorded). */
export type UserPasswordResetRequested = DomainEvent<
  'UserPasswordResetRequested',
  { userId: string; resetId: string; expiresAt: string }
>;

/**
 * A new password was set through the reset link `resetId`; every sign-in of the user ends. `welcome`:
 * the link was a welcome email's (`resetId` is then its `invitationId`); absent for a reset link.
 */
export type UserPasswordReset = DomainEvent<'UserPasswordReset', { userId: string; resetId: string; welcome?: true }>;

export type UserPasswordResetAttemptsCleared = DomainEvent<'UserPasswordResetAttemptsCleared', { userId: string }>;

/** The signed-in user changed their password; every other sign-in ends, `sessionId` (the one used) stays. */
export type UserPasswordChanged = DomainEvent<'UserPasswordChanged', { userId: string; sessionId: string }>;

export type TwoFactorMethod = 'totp';

export type UserTwoFactorSetupStarted = DomainEvent<'UserTwoFactorSetupStarted', { userId: string; method: TwoFactorMethod }>;
export type UserTwoFactorEnabled = DomainEvent<'UserTwoFactorEnabled', { userId: string; method: TwoFactorMethod }>;
export type UserTwoFactorDisabled = DomainEvent<'UserTwoFactorDisabled', { userId: string }>;

/** An admin created a one-time impersonation link for this user. */
export type UserImpersonationGranted = DomainEvent<
  'UserImpersonationGranted',
  { userId: string; grantId: string; adminUserId: string; expiresAt: string }
>;

/** The impersonation link was exchanged for a sign-in of this user (`sessionId`), on behalf of the admin. */
export type UserImpersonated = DomainEvent<
  'UserImpersonated',
  { userId: string; grantId: string; adminUserId: string; sessionId: string }
>;

export type UserCustomerPermissionChanged = DomainEvent<
  'UserCustomerPermissionChanged',
  { userId: string; customerPermission: CustomerPermission; previousCustomerPermission: CustomerPermission }
>;

/** An edit of a user's profile (PUT /api/user/{id}/): only the fields that changed are present. */
export type UserDetailsChanged = DomainEvent<
  'UserDetailsChanged',
  {
    userId: string;
    firstName?: string;
    lastName?: string;
    preferredTimezone?: string;
    isActive?: boolean;
    isMessageRecipient?: boolean;
  }
>;

/** The user now belongs to another customer group of the same organisation. */
export type UserMovedToCustomerGroup = DomainEvent<
  'UserMovedToCustomerGroup',
  { userId: string; customerGroupId: string; previousCustomerGroupId: string }
>;

/** The user signs in with, and is written to at, `email` now; it was claimed on its own stream first. */
export type UserEmailChanged = DomainEvent<'UserEmailChanged', { userId: string; email: string; previousEmail: string }>;

/**
 * The user is gone: no sign-in, no reads, no lists; their email is released on its own stream. Names
 * and email are kept here so that the activity log can still say who did what.
 */
export type UserDeleted = DomainEvent<
  'UserDeleted',
  { userId: string; email: string; firstName: string; lastName: string; customerGroupId: string }
>;

/**
 * The user's values of these contact fields (devices and data) are now these, checked and normalised
 * (phones in E.164, emails in lower case, option ids for choices); an empty list cleared the field.
 * Fields not listed keep their values.
 */
export type UserFieldValuesChanged = DomainEvent<
  'UserFieldValuesChanged',
  { userId: string; values: { fieldId: string; values: string[] }[] }
>;

/**
 * A welcome email's single-use link to set a first password was issued (`invitationId` names it; the
 * link's token is not recorded). It replaces the user's earlier welcome links. `approved`: the email
 * says the account was approved (GET /api/reissue_welcome_email/{id}/?is_aproved=true).
 */
export type UserWelcomeEmailIssued = DomainEvent<
  'UserWelcomeEmailIssued',
  { userId: string; invitationId: string; expiresAt: string; approved: boolean }
>;

export type UserEvent =
  | UserRegistered
  | UserPasswordSet
  | UserSignedIn
  | UserSignInFailed
  | UserSignedOut
  | UserLockedOut
  | UserFailedLoginAttemptsCleared
  | UserSecondFactorRequested
  | UserPasswordResetRequested
  | UserPasswordReset
  | UserPasswordResetAttemptsCleared
  | UserPasswordChanged
  | UserTwoFactorSetupStarted
  | UserTwoFactorEnabled
  | UserTwoFactorDisabled
  | UserImpersonationGranted
  | UserImpersonated
  | UserCustomerPermissionChanged
  | UserDetailsChanged
  | UserMovedToCustomerGroup
  | UserEmailChanged
  | UserDeleted
  | UserFieldValuesChanged
  | UserWelcomeEmailIssued;
