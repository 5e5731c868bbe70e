import { validationError } from '../shared/domain-errors';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MISMATCH_MESSAGE = "The two password fields didn't match.";

/** The most used passwords of public breach lists that pass the length rule. */
const COMMON_PASSWORDS = new Set([
  'password',
  'password1',
  'password123',
  'passw0rd',
  'qwertyuiop',
  'qwerty123',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'letmein1',
  'trustno1',
  'abcdefgh',
  'abc12345',
  'changeme',
  'superman',
  'whatever',
  'starwars',
]);

/** What is wrong with a new password (Django's validators, in their words); empty when it is acceptable. */
export function passwordProblems(password: string, email: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH)
    problems.push(`This password is too short. It must contain at least ${PASSWORD_MIN_LENGTH} characters.`);
  if (password.length > PASSWORD_MAX_LENGTH)
    problems.push(`This password is too long. It must contain at most ${PASSWORD_MAX_LENGTH} characters.`);
  if (/^\d+$/.test(password)) problems.push('This password is entirely numeric.');
  if (COMMON_PASSWORDS.has(password.toLowerCase())) problems.push('This password is too common.');
  const lowered = password.toLowerCase();
  const [localPart = ''] = email.toLowerCase().split('@');
  if (lowered === email.toLowerCase() || (localPart.length >= 4 && lowered.includes(localPart)))
    problems.push('The password is too similar to the email address.');
  return problems;
}

/**
 * Checks a new password typed twice (`new_password1`, `new_password2`, as dj-rest-auth names them),
 * answering 400 with the problems under each field.
 */
export function assertNewPassword(password1: string, password2: string, email: string): void {
  const fields: Record<string, string[]> = {};
  const problems = passwordProblems(password1, email);
  if (problems.length) fields.new_password1 = problems;
  if (password1 !== password2) fields.new_password2 = [PASSWORD_MISMATCH_MESSAGE];
  const first = Object.values(fields)[0];
  if (first) throw validationError(first[0]!, fields);
}
