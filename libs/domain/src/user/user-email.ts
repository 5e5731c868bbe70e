import type { Decider, DomainEvent } from '../shared/decider';
import { conflict } from '../shared/domain-errors';

/**
 * Email uniqueness: each email has a stream of its own, claimed by appending with the stream's
 * expected revision, so two users can never both hold it. Sign-in finds the user by reading this
 * stream. Deleting a user releases their email: the stream's latest event then says it is free, and
 * a new user may claim it.
 */
export type UserEmailClaimed = DomainEvent<'UserEmailClaimed', { email: string; userId: string }>;
export type UserEmailReleased = DomainEvent<'UserEmailReleased', { email: string; userId: string }>;
export type UserEmailEvent = UserEmailClaimed | UserEmailReleased;

export interface ClaimUserEmail {
  readonly type: 'ClaimUserEmail';
  readonly data: { email: string; userId: string };
}
export interface ReleaseUserEmail {
  readonly type: 'ReleaseUserEmail';
  readonly data: { email: string; userId: string };
}
export type UserEmailCommand = ClaimUserEmail | ReleaseUserEmail;

/** The user holding the email, or null when nobody does. */
export interface UserEmailState {
  readonly holder: string | null;
}

export const USER_EMAIL_TAKEN_MESSAGE = 'A user with this email already exists.';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export const userEmailStream = (email: string) => `user_email-${normaliseEmail(email)}`;

function decideUserEmail(command: UserEmailCommand, state: UserEmailState): UserEmailEvent[] {
  const { email, userId } = command.data;
  switch (command.type) {
    case 'ClaimUserEmail':
      if (state.holder === userId) return [];
      if (state.holder !== null) throw conflict(USER_EMAIL_TAKEN_MESSAGE);
      return [{ type: 'UserEmailClaimed', data: { email: normaliseEmail(email), userId } }];
    case 'ReleaseUserEmail':
      // Only the holder releases; anything else (already free, held by another user) records nothing.
      if (state.holder !== userId) return [];
      return [{ type: 'UserEmailReleased', data: { email: normaliseEmail(email), userId } }];
  }
}

function evolveUserEmail(_state: UserEmailState, event: UserEmailEvent): UserEmailState {
  switch (event.type) {
    case 'UserEmailClaimed':
      return { holder: event.data.userId };
    case 'UserEmailReleased':
      return { holder: null };
  }
}

export const userEmailDecider: Decider<UserEmailCommand, UserEmailEvent, UserEmailState> = {
  decide: decideUserEmail,
  evolve: evolveUserEmail,
  initialState: () => ({ holder: null }),
};
