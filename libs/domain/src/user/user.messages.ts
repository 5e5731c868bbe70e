import { DomainError, validationError } from '../shared/domain-errors';

/** The text the console shows for any failed sign-in; it never says which part was wrong. */
export const INVALID_CREDENTIALS_MESSAGE = 'Unable to log in with provided credentials.';
export const INVALID_CODE_MESSAGE = 'Invalid code.';
export const SIGN_IN_EXPIRED_MESSAGE = 'This sign-in has expired or was already completed. Please sign in again.';

export const RESET_LINK_INVALID_MESSAGE = 'This password reset link is invalid. Please request a new one.';
export const RESET_LINK_USED_MESSAGE = 'This password reset link has already been used. Please request a new one.';
export const RESET_LINK_EXPIRED_MESSAGE = 'This password reset link has expired. Please request a new one.';
export const RESET_LINK_SUPERSEDED_MESSAGE =
  'This password reset link is no longer valid because the password has been changed since. Please request a new one.';

/** A link sent before the user's email changed: whoever reads the old address must not set the password. */
export const LINK_READDRESSED_MESSAGE =
  "This link is no longer valid because the account's email address has changed since it was sent. Please request a new one.";

export const WELCOME_LINK_USED_MESSAGE =
  'This welcome link has already been used to set a password. Sign in, or reset your password from the sign-in page.';
export const WELCOME_LINK_EXPIRED_MESSAGE = 'This welcome link has expired. Please ask an administrator to send a new welcome email.';
export const WELCOME_LINK_REPLACED_MESSAGE =
  'This welcome link is no longer valid because a newer welcome email was sent. Please use the link in the newest one.';
export const WELCOME_LINK_SUPERSEDED_MESSAGE =
  'This welcome link is no longer valid because a password has been set since. Sign in, or reset your password from the sign-in page.';
/** A welcome email is for a user who has never set a password. */
export const WELCOME_EMAIL_PASSWORD_SET_MESSAGE =
  'This user has already set a password, so no welcome email was sent. They can reset it from the sign-in page.';

export const OLD_PASSWORD_INCORRECT_MESSAGE = 'Your old password was entered incorrectly. Please enter it again.';
export const PASSWORD_INCORRECT_MESSAGE = 'Your password was entered incorrectly. Please enter it again.';
export const TWO_FACTOR_ALREADY_ON_MESSAGE = 'Two-factor authentication is already on.';
export const TWO_FACTOR_NOT_STARTED_MESSAGE = 'Start the two-factor setup first.';
export const TWO_FACTOR_NOT_ON_MESSAGE = 'Two-factor authentication is not on.';

export const IMPERSONATION_INVALID_MESSAGE = 'This impersonation link is invalid, has expired or was already used.';
export const IMPERSONATE_SELF_MESSAGE = 'You cannot impersonate yourself.';

/** A list search that matches nothing (spec part 2 §8): the user list answers it with its empty page. */
export const NO_MATCHING_RESULTS_MESSAGE = 'The filter criteria does not match any results.';

/** A 400 whose message also sits under one field, where the console's forms show it. */
export const fieldError = (field: string, message: string): DomainError => validationError(message, { [field]: [message] });

export const invalidCredentials = () => fieldError('non_field_errors', INVALID_CREDENTIALS_MESSAGE);
export const signInExpired = () => fieldError('ephemeral_token', SIGN_IN_EXPIRED_MESSAGE);
export const invalidCode = () => fieldError('code', INVALID_CODE_MESSAGE);
export const impersonationInvalid = () => fieldError('token', IMPERSONATION_INVALID_MESSAGE);

export const USER_NAME_MAX_LENGTH = 150;
export const EMAIL_INVALID_MESSAGE = 'Enter a valid email address.';
export const CUSTOMER_PERMISSION_INVALID_MESSAGE = 'Invalid customer permission.';
export const OWN_PROFILE_ONLY_MESSAGE = 'You can change only your own name and time zone.';
export const ADMIN_ROLE_ONLY_BY_ADMIN_MESSAGE = 'Only an admin can give or take the admin role.';
export const LOCKED_USER_MESSAGE = "This user's role is locked in their customer group: only an admin can change or delete them.";
export const lockedRoleMessage = (role: string) =>
  `The ${role.toLowerCase()} role is locked in this customer group: only an admin can give it or take it away.`;
export const DELETE_SELF_MESSAGE = 'You cannot delete yourself.';
/** Nobody changes their own role: an organisation's only admin could otherwise leave it without one. */
export const OWN_ROLE_MESSAGE = 'You cannot change your own role.';
