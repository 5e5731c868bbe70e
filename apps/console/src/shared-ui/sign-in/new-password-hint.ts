import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@beacon/domain';

/** What the server's password rules ask of a new password; the server says which one a password breaks. */
export const NEW_PASSWORD_HINT = `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, not only digits, not a common password and not like your email address.`;
