import type { UserRegistered } from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import type { Document } from '@beacon/read-store';
import type { ProjectionDefinition } from '@beacon/projections';

export const USERS = 'users';

/** One document per user, shaped like GET /api/user/self/. */
export interface UserDocument extends Document {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  customer_permission: UserRegistered['data']['customerPermission'];
  customer_group: string;
  is_temporary: boolean;
  preferred_timezone: string;
  last_activity: string | null;
  failed_attempts: number;
}

const tenantOf = (event: RecordedEvent) => String(event.metadata.tenantId);

function registered(data: UserRegistered['data']): UserDocument {
  return {
    _id: data.userId,
    id: data.userId,
    email: data.email,
    first_name: data.firstName,
    last_name: data.lastName,
    customer_permission: data.customerPermission,
    customer_group: data.customerGroupId,
    is_temporary: data.isTemporary,
    preferred_timezone: data.preferredTimezone,
    last_activity: null,
    failed_attempts: 0,
  };
}

export const usersProjection: ProjectionDefinition = {
  name: 'users',
  collections: [USERS],
  project(event) {
    const userId = (event.data as { userId?: string }).userId;
    if (!userId) return [];
    const change = (apply: (current: UserDocument | null) => UserDocument | null) => [
      { collection: USERS, tenantId: tenantOf(event), id: userId, apply: apply as (current: Document | null) => Document | null },
    ];
    switch (event.type) {
      case 'UserRegistered':
        return change((current) => current ?? registered(event.data as UserRegistered['data']));
      case 'UserSignedIn':
        return change((current) => current && { ...current, failed_attempts: 0, last_activity: event.recordedAt });
      case 'UserSignInFailed':
        return change((current) => current && { ...current, failed_attempts: current.failed_attempts + 1 });
      default:
        return [];
    }
  },
};
