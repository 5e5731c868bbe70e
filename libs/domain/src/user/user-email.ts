import type { DomainEvent } from '../shared/decider';

/**
 * Email uniqueness: each email has a stream of its own, claimed by appending with expected
 * revision "no-stream", so two registrations with the same email cannot both succeed. Sign-in
 * finds the user by reading this stream.
 */
export type UserEmailClaimed = DomainEvent<'UserEmailClaimed', { email: string; userId: string }>;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export const userEmailStream = (email: string) => `user_email-${normaliseEmail(email)}`;
