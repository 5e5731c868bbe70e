import type { CustomerGroupState, LockedRoles } from '@beacon/domain';

const NONE: LockedRoles = { admin: false, operator: false, data: false, sender: false };

/** The group's locked_users setting (none for a group that is gone). */
export const lockedRolesOf = (group: CustomerGroupState): LockedRoles => (group.status === 'active' ? group.settings.locked_users : NONE);
