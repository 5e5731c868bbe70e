import type { CustomerPermission } from '../shared/permissions';
import type { LockoutPolicy } from './sign-in-lockout';
import type { CustomerGroupSettings } from '../customer-group/customer-group-settings';
import type { UserRegistered } from './user.events';
import type { FieldCatalogue, FieldValueInput } from './user-field-values';

/*
 * Secrets never reach the decider: the handler verifies a password (a memory-hard KDF) or a TOTP
 * code (needs the secret and the clock) and passes the outcome in. Times arrive as ISO strings.
 */

export interface RegisterUser {
  readonly type: 'RegisterUser';
  readonly data: UserRegistered['data'];
}

export interface SetPassword {
  readonly type: 'SetPassword';
  readonly data: { userId: string };
}

/** `challengeId`/`challengeExpiresAt` are used only when the user has two-factor on. */
export interface SignIn {
  readonly type: 'SignIn';
  readonly data: {
    sessionId: string;
    passwordVerified: boolean;
    challengeId: string;
    challengeExpiresAt: string;
    now: string;
    lockout: LockoutPolicy;
  };
}

export interface CompleteSecondFactor {
  readonly type: 'CompleteSecondFactor';
  readonly data: { challengeId: string; sessionId: string; codeVerified: boolean; now: string; lockout: LockoutPolicy };
}

export interface SignOut {
  readonly type: 'SignOut';
  readonly data: { sessionId: string; inactivity: boolean };
}

export interface ClearFailedLoginAttempts {
  readonly type: 'ClearFailedLoginAttempts';
  readonly data: Record<string, never>;
}

export interface RequestPasswordReset {
  readonly type: 'RequestPasswordReset';
  /** `attemptsLimit`: reset requests allowed until a reset succeeds or an admin clears them (PASSWORD_RESET_ATTEMPTS). */
  readonly data: { resetId: string; expiresAt: string; attemptsLimit: number };
}

/** A welcome email's link: its id and when it stops working (ISO). */
export interface WelcomeEmailGrant {
  readonly invitationId: string;
  readonly expiresAt: string;
}

/** GET /api/reissue_welcome_email/{id}/: a new welcome link, replacing the earlier ones. */
export interface IssueWelcomeEmail {
  readonly type: 'IssueWelcomeEmail';
  readonly data: WelcomeEmailGrant & { approved: boolean };
}

export interface ResetPassword {
  readonly type: 'ResetPassword';
  readonly data: { resetId: string; now: string };
}

export interface ClearPasswordResetAttempts {
  readonly type: 'ClearPasswordResetAttempts';
  readonly data: Record<string, never>;
}

export interface ChangePassword {
  readonly type: 'ChangePassword';
  /** `sessionId`: the sign-in the change is made from, which stays open. */
  readonly data: { oldPasswordVerified: boolean; sessionId: string };
}

export interface StartTwoFactorSetup {
  readonly type: 'StartTwoFactorSetup';
  readonly data: Record<string, never>;
}

export interface EnableTwoFactor {
  readonly type: 'EnableTwoFactor';
  readonly data: { codeVerified: boolean };
}

export interface DisableTwoFactor {
  readonly type: 'DisableTwoFactor';
  readonly data: { passwordVerified: boolean };
}

export interface GrantImpersonation {
  readonly type: 'GrantImpersonation';
  readonly data: { grantId: string; adminUserId: string; expiresAt: string };
}

export interface SignInAsImpersonated {
  readonly type: 'SignInAsImpersonated';
  readonly data: { grantId: string; sessionId: string; now: string };
}

export interface ChangeCustomerPermission {
  readonly type: 'ChangeCustomerPermission';
  readonly data: { customerPermission: CustomerPermission };
}

/** Who asks for a change to a user (the signed-in caller). */
export interface UserAdministrator {
  readonly userId: string;
  readonly customerPermission: CustomerPermission;
}

/** A customer group's locked_users setting: the roles only an admin may give, take, change or delete. */
export type LockedRoles = CustomerGroupSettings['locked_users'];

/** POST /api/user/: a new user in `user.customerGroupId`, whose locks are `lockedRoles`. */
export interface CreateUser {
  readonly type: 'CreateUser';
  readonly data: {
    user: UserRegistered['data'] & { isActive: boolean; isMessageRecipient: boolean };
    by: UserAdministrator;
    lockedRoles: LockedRoles;
    /** The user's contact-field values, checked against the fields of their customer group. */
    fieldValues?: { inputs: readonly FieldValueInput[]; catalogue: FieldCatalogue };
    /** The welcome email's link, when the new user is to get one (POST /api/user/ always sends it). */
    welcome?: WelcomeEmailGrant;
  };
}

/** The fields PUT /api/user/{id}/ may send; those absent stay as they are. */
export interface UserChanges {
  readonly email?: string;
  readonly firstName?: string;
  readonly lastName?: string;
  readonly preferredTimezone?: string;
  readonly isActive?: boolean;
  readonly isMessageRecipient?: boolean;
  readonly customerPermission?: CustomerPermission;
  readonly customerGroupId?: string;
  /** Contact-field values to set; fields not listed keep theirs. */
  readonly fieldValues?: readonly FieldValueInput[];
}

/**
 * PUT /api/user/{id}/. `group` is the user's customer group as it stands; `destination` the group a
 * move (customerGroupId) goes to, already checked to be in the caller's reach.
 */
export interface ChangeUser {
  readonly type: 'ChangeUser';
  readonly data: {
    changes: UserChanges;
    by: UserAdministrator;
    group: { sendVerificationEmail: boolean; lockedRoles: LockedRoles };
    destination?: { customerGroupId: string; lockedRoles: LockedRoles };
    /**
     * The fields of the group the user belongs to after the change (the destination of a move), for the
     * fieldValues sent and, on a move, every field the user holds (those the destination lacks are cleared).
     */
    catalogue?: FieldCatalogue;
  };
}

/** DELETE /api/user/{id}/, with the locks of the user's customer group. */
export interface DeleteUser {
  readonly type: 'DeleteUser';
  readonly data: { by: UserAdministrator; lockedRoles: LockedRoles };
}

export type UserCommand =
  | RegisterUser
  | SetPassword
  | SignIn
  | CompleteSecondFactor
  | SignOut
  | ClearFailedLoginAttempts
  | RequestPasswordReset
  | ResetPassword
  | IssueWelcomeEmail
  | ClearPasswordResetAttempts
  | ChangePassword
  | StartTwoFactorSetup
  | EnableTwoFactor
  | DisableTwoFactor
  | GrantImpersonation
  | SignInAsImpersonated
  | ChangeCustomerPermission
  | CreateUser
  | ChangeUser
  | DeleteUser;
