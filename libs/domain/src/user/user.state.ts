import type { CustomerPermission } from '../shared/permissions';
import type { UserEvent } from './user.events';

/**
 * `superseded`: the password was set or changed since; `replaced`: a newer welcome email replaced this
 * welcome link; `readdressed`: the user's email changed since, so the link went to an address that is
 * no longer theirs.
 */
export type PasswordResetLinkStatus = 'open' | 'used' | 'superseded' | 'replaced' | 'readdressed';

/** A single-use link that sets the password: a reset link, or a welcome email's (`welcome`). */
export interface PasswordResetLink {
  readonly expiresAt: string;
  readonly status: PasswordResetLinkStatus;
  readonly welcome?: true;
}

/** A single-use grant that expires: the open second-factor challenge, or an impersonation link. */
export interface OpenGrant {
  readonly id: string;
  readonly expiresAt: string;
}

export type TwoFactorStatus = 'off' | 'pending' | 'on';

export interface RegisteredUser {
  readonly status: 'registered';
  readonly userId: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly preferredTimezone: string;
  readonly isTemporary: boolean;
  readonly isActive: boolean;
  readonly isMessageRecipient: boolean;
  readonly customerGroupId: string;
  readonly rootId: string;
  readonly customerPermission: CustomerPermission;
  readonly hasPassword: boolean;
  /** Consecutive failed sign-ins since the last successful one (or an admin's clearing). */
  readonly failedAttempts: number;
  /** Until when sign-in is refused (ISO); null when no lock was recorded since the count started again. */
  readonly lockedUntil: string | null;
  readonly passwordResetAttempts: number;
  /** By reset id (a Map, so no id finds what every plain object inherits). */
  readonly passwordResets: ReadonlyMap<string, PasswordResetLink>;
  readonly twoFactor: TwoFactorStatus;
  /** The latest second-factor challenge; a newer sign-in replaces it. */
  readonly challenge: OpenGrant | null;
  /** The latest impersonation link; a newer one replaces it. */
  readonly impersonation: (OpenGrant & { readonly adminUserId: string }) | null;
  readonly openSessions: readonly string[];
  /** Contact-field values by field id (a Map: ids come from callers). */
  readonly fieldValues: ReadonlyMap<string, readonly string[]>;
}

/** A deleted user: nothing about them can change any more, and their id is never used again. */
export interface DeletedUser {
  readonly status: 'deleted';
  readonly userId: string;
}

export type UserState = { readonly status: 'absent' } | RegisteredUser | DeletedUser;

export const initialUserState = (): UserState => ({ status: 'absent' });

function registered(event: Extract<UserEvent, { type: 'UserRegistered' }>): RegisteredUser {
  const { userId, email, firstName, lastName, preferredTimezone, customerGroupId, rootId, customerPermission } = event.data;
  return {
    status: 'registered',
    userId,
    email,
    firstName,
    lastName,
    preferredTimezone,
    isTemporary: event.data.isTemporary,
    isActive: event.data.isActive ?? true,
    isMessageRecipient: event.data.isMessageRecipient ?? true,
    customerGroupId,
    rootId,
    customerPermission,
    hasPassword: false,
    failedAttempts: 0,
    lockedUntil: null,
    passwordResetAttempts: 0,
    passwordResets: new Map(),
    twoFactor: 'off',
    challenge: null,
    impersonation: null,
    openSessions: [],
    fieldValues: new Map(),
  };
}

/** After a password change every link still open is void. */
function supersedeOpenResets(links: RegisteredUser['passwordResets'], used?: string): RegisteredUser['passwordResets'] {
  return new Map(
    [...links].map(([id, link]) => [
      id,
      id === used ? { ...link, status: 'used' } : link.status === 'open' ? { ...link, status: 'superseded' } : link,
    ]),
  );
}

/** A new welcome email replaces the open links of the earlier ones (reset links stay open). */
function replaceOpenWelcomeLinks(links: RegisteredUser['passwordResets']): Map<string, PasswordResetLink> {
  return new Map([...links].map(([id, link]) => [id, link.welcome && link.status === 'open' ? { ...link, status: 'replaced' } : link]));
}

function withFieldValues(current: RegisteredUser['fieldValues'], changed: readonly { fieldId: string; values: readonly string[] }[]) {
  const next = new Map(current);
  for (const { fieldId, values } of changed) {
    if (values.length) next.set(fieldId, values);
    else next.delete(fieldId);
  }
  return next;
}

function evolveRegistered(state: RegisteredUser, event: UserEvent): RegisteredUser {
  switch (event.type) {
    case 'UserRegistered':
      return state;
    case 'UserPasswordSet':
      return { ...state, hasPassword: true };
    case 'UserSignedIn':
      return { ...state, failedAttempts: 0, lockedUntil: null, challenge: null, openSessions: [...state.openSessions, event.data.sessionId] };
    case 'UserSignInFailed':
      return { ...state, failedAttempts: state.failedAttempts + 1 };
    case 'UserLockedOut':
      return { ...state, lockedUntil: event.data.lockedUntil ?? null };
    case 'UserFailedLoginAttemptsCleared':
      return { ...state, failedAttempts: 0, lockedUntil: null };
    case 'UserSignedOut':
      return { ...state, openSessions: state.openSessions.filter((id) => id !== event.data.sessionId) };
    case 'UserSecondFactorRequested':
      return { ...state, challenge: { id: event.data.challengeId, expiresAt: event.data.expiresAt } };
    case 'UserPasswordResetRequested':
      return {
        ...state,
        passwordResetAttempts: state.passwordResetAttempts + 1,
        passwordResets: new Map(state.passwordResets).set(event.data.resetId, { expiresAt: event.data.expiresAt, status: 'open' }),
      };
    case 'UserWelcomeEmailIssued':
      return {
        ...state,
        passwordResets: replaceOpenWelcomeLinks(state.passwordResets).set(event.data.invitationId, {
          expiresAt: event.data.expiresAt,
          status: 'open',
          welcome: true,
        }),
      };
    case 'UserPasswordReset':
      return {
        ...state,
        hasPassword: true,
        passwordResetAttempts: 0,
        passwordResets: supersedeOpenResets(state.passwordResets, event.data.resetId),
        openSessions: [],
      };
    case 'UserPasswordResetAttemptsCleared':
      return { ...state, passwordResetAttempts: 0 };
    case 'UserPasswordChanged':
      return {
        ...state,
        hasPassword: true,
        passwordResets: supersedeOpenResets(state.passwordResets),
        openSessions: state.openSessions.filter((id) => id === event.data.sessionId),
      };
    case 'UserTwoFactorSetupStarted':
      return { ...state, twoFactor: 'pending' };
    case 'UserTwoFactorEnabled':
      return { ...state, twoFactor: 'on' };
    case 'UserTwoFactorDisabled':
      return { ...state, twoFactor: 'off', challenge: null };
    case 'UserImpersonationGranted':
      return {
        ...state,
        impersonation: { id: event.data.grantId, expiresAt: event.data.expiresAt, adminUserId: event.data.adminUserId },
      };
    case 'UserImpersonated':
      return { ...state, impersonation: null, openSessions: [...state.openSessions, event.data.sessionId] };
    case 'UserCustomerPermissionChanged':
      return { ...state, customerPermission: event.data.customerPermission };
    case 'UserDetailsChanged': {
      const { userId: _userId, ...changed } = event.data;
      return { ...state, ...changed };
    }
    case 'UserMovedToCustomerGroup':
      return { ...state, customerGroupId: event.data.customerGroupId };
    case 'UserEmailChanged':
      return {
        ...state,
        email: event.data.email,
        passwordResets: new Map([...state.passwordResets].map(([id, link]) => [id, link.status === 'open' ? { ...link, status: 'readdressed' } : link])),
      };
    case 'UserFieldValuesChanged':
      return { ...state, fieldValues: withFieldValues(state.fieldValues, event.data.values) };
    case 'UserDeleted':
      return state;
  }
}

export function evolveUser(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered') return registered(event);
  if (event.type === 'UserDeleted') return { status: 'deleted', userId: event.data.userId };
  return state.status === 'registered' ? evolveRegistered(state, event) : state;
}
