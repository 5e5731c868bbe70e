import { describedAs, isActor, type ActivityLogDetailValue, type AggregateActivity, type EventFields } from '../shared/activity';
import type { UserEmailEvent } from './user-email';
import type { USER_EVENT_VERSIONS } from './user.events';

/** The profile fields a UserDetailsChanged holds, as the API names them. */
const DETAIL_FIELDS = [
  ['firstName', 'first_name', 'string'],
  ['lastName', 'last_name', 'string'],
  ['preferredTimezone', 'preferred_timezone', 'string'],
  ['isActive', 'is_active', 'boolean'],
  ['isMessageRecipient', 'is_message_recipient', 'boolean'],
] as const;

function changedDetails(f: EventFields): Record<string, ActivityLogDetailValue> {
  const details: Record<string, ActivityLogDetailValue> = {};
  for (const [name, label, kind] of DETAIL_FIELDS) {
    const value = kind === 'string' ? f.stringOrAbsent(name) : f.booleanOrAbsent(name);
    if (value !== undefined) details[label] = value;
  }
  return details;
}

/** How the activity log tells user events, and the claim of a user's email. */
export const userActivity: AggregateActivity<keyof typeof USER_EVENT_VERSIONS | UserEmailEvent['type']> = {
  UserRegistered: (f) =>
    describedAs(
      'user',
      `Created user ${f.string('email')} (${f.string('customerPermission')})`,
      {
        email: f.string('email'),
        first_name: f.string('firstName'),
        last_name: f.string('lastName'),
        customer_permission: f.string('customerPermission'),
        customer_group_id: f.string('customerGroupId'),
        is_temporary: f.flag('isTemporary'),
      },
      f.string('userId'),
    ),
  UserEmailClaimed: (f) => describedAs('user', `Reserved the email address ${f.string('email')}`, { email: f.string('email') }, f.string('userId')),
  UserPasswordSet: (f, event) => describedAs('user', isActor(f.string('userId'), event) ? 'Set their password' : "Set a user's password", {}, f.string('userId')),
  UserSignedIn: (f) => describedAs('sign_in', 'Signed in', {}, f.string('userId')),
  UserSignInFailed: (f) =>
    describedAs(
      'sign_in',
      f.stringOrAbsent('stage') === 'second_factor' ? 'Failed sign-in attempt (wrong two-factor code)' : 'Failed sign-in attempt',
      {},
      f.string('userId'),
    ),
  UserSecondFactorRequested: (f) => describedAs('sign_in', 'Entered the right password; a two-factor code was requested', {}, f.string('userId')),
  UserLockedOut: (f) =>
    describedAs('sign_in', `Locked out after ${f.count('failedAttempts')} failed sign-in attempts`, { failed_attempts: f.count('failedAttempts') }, f.string('userId')),
  UserFailedLoginAttemptsCleared: (f) => describedAs('sign_in', 'Cleared failed sign-in attempts', {}, f.string('userId')),
  UserPasswordResetRequested: (f) => describedAs('user', 'Requested a password reset link', {}, f.string('userId')),
  UserPasswordReset: (f) =>
    describedAs('user', f.flag('welcome') ? 'Set their password through the welcome email' : 'Set a new password through a reset link', {}, f.string('userId')),
  UserWelcomeEmailIssued: (f) =>
    describedAs(
      'user',
      f.flag('approved') ? 'Approved a user and sent them a welcome email' : 'Sent a welcome email',
      { expires_at: f.string('expiresAt'), approved: f.flag('approved') },
      f.string('userId'),
    ),
  UserPasswordResetAttemptsCleared: (f) => describedAs('user', 'Cleared password reset attempts', {}, f.string('userId')),
  UserPasswordChanged: (f, event) =>
    describedAs('user', isActor(f.string('userId'), event) ? 'Changed their password' : "Changed a user's password", {}, f.string('userId')),
  UserTwoFactorSetupStarted: (f) => describedAs('user', 'Started setting up two-factor sign-in', {}, f.string('userId')),
  UserTwoFactorEnabled: (f) => describedAs('user', 'Turned on two-factor sign-in', {}, f.string('userId')),
  UserTwoFactorDisabled: (f) => describedAs('user', 'Turned off two-factor sign-in', {}, f.string('userId')),
  UserImpersonationGranted: (f) => describedAs('user', 'Created a one-time impersonation link', { expires_at: f.string('expiresAt') }, f.string('userId')),
  UserImpersonated: (f) => describedAs('sign_in', 'Signed in through an impersonation link', { admin_user_id: f.string('adminUserId') }, f.string('userId')),
  UserCustomerPermissionChanged: (f) =>
    describedAs(
      'user',
      `Changed a user's permission from ${f.string('previousCustomerPermission')} to ${f.string('customerPermission')}`,
      { customer_permission: f.string('customerPermission'), previous_customer_permission: f.string('previousCustomerPermission') },
      f.string('userId'),
    ),
  UserDetailsChanged: (f, event) => {
    const details = changedDetails(f);
    const fields = Object.keys(details).map((label) => label.replace(/_/g, ' ')).join(', ');
    const whose = isActor(f.string('userId'), event) ? 'their own' : "a user's";
    return describedAs('user', `Changed ${whose} ${fields}`, details, f.string('userId'));
  },
  UserMovedToCustomerGroup: (f) =>
    describedAs(
      'user',
      'Moved a user to another customer group',
      { customer_group_id: f.string('customerGroupId'), previous_customer_group_id: f.string('previousCustomerGroupId') },
      f.string('userId'),
    ),
  UserEmailChanged: (f) =>
    describedAs(
      'user',
      `Changed a user's email from ${f.string('previousEmail')} to ${f.string('email')}`,
      { email: f.string('email'), previous_email: f.string('previousEmail') },
      f.string('userId'),
    ),
  UserFieldValuesChanged: (f, event) => {
    const count = f.length('values');
    const whose = isActor(f.string('userId'), event) ? 'their own' : "a user's";
    return describedAs(
      'user',
      `Changed ${whose} contact details (${count} field${count === 1 ? '' : 's'})`,
      { fields_changed: count },
      f.string('userId'),
    );
  },
  UserDeleted: (f) => describedAs('user', `Deleted user ${f.string('email')}`, { email: f.string('email') }, f.string('userId')),
  UserEmailReleased: (f) => describedAs('user', `Released the email address ${f.string('email')}`, { email: f.string('email') }, f.string('userId')),
  UserSignedOut: (f) =>
    describedAs('sign_in', f.flag('inactivity') ? 'Signed out after inactivity' : 'Signed out', { inactivity: f.flag('inactivity') }, f.string('userId')),
};
