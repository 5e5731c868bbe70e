import type { CustomerPermission } from '../shared/permissions';
import type { UserEvent } from './user.events';

/**
 * Who a user is for authorization, folded from the user's stream: the token guard keeps this per
 * user and folds only the events appended since, so a role change applies to the very next call.
 * Smaller than UserState on purpose: it is cached for every active user.
 */
export type UserAccess =
  | { readonly status: 'absent' }
  | {
      readonly status: 'active';
      readonly userId: string;
      readonly email: string;
      readonly customerGroupId: string;
      readonly rootId: string;
      readonly customerPermission: CustomerPermission;
    };

export const initialUserAccess = (): UserAccess => ({ status: 'absent' });

export function evolveUserAccess(access: UserAccess, event: UserEvent): UserAccess {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, email, customerGroupId, rootId, customerPermission } = event.data;
      return { status: 'active', userId, email, customerGroupId, rootId, customerPermission };
    }
    case 'UserCustomerPermissionChanged':
      return access.status === 'active' ? { ...access, customerPermission: event.data.customerPermission } : access;
    case 'UserMovedToCustomerGroup':
      return access.status === 'active' ? { ...access, customerGroupId: event.data.customerGroupId } : access;
    case 'UserEmailChanged':
      return access.status === 'active' ? { ...access, email: event.data.email } : access;
    case 'UserDeleted':
      return { status: 'absent' };
    default:
      return access;
  }
}
