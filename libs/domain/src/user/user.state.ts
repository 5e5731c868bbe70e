import type { CustomerPermission } from '../shared/permissions';
import type { UserEvent } from './user.events';

export type UserState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'registered';
      readonly userId: string;
      readonly email: string;
      readonly customerGroupId: string;
      readonly rootId: string;
      readonly customerPermission: CustomerPermission;
      readonly hasPassword: boolean;
      readonly failedAttempts: number;
      readonly openSessions: readonly string[];
    };

export const initialUserState = (): UserState => ({ status: 'absent' });

export function evolveUser(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered') {
    const { userId, email, customerGroupId, rootId, customerPermission } = event.data;
    return {
      status: 'registered',
      userId,
      email,
      customerGroupId,
      rootId,
      customerPermission,
      hasPassword: false,
      failedAttempts: 0,
      openSessions: [],
    };
  }
  if (state.status !== 'registered') return state;
  switch (event.type) {
    case 'UserPasswordSet':
      return { ...state, hasPassword: true };
    case 'UserSignedIn':
      return { ...state, failedAttempts: 0, openSessions: [...state.openSessions, event.data.sessionId] };
    case 'UserSignInFailed':
      return { ...state, failedAttempts: state.failedAttempts + 1 };
    case 'UserSignedOut':
      return { ...state, openSessions: state.openSessions.filter((id) => id !== event.data.sessionId) };
  }
}
