import { NEW_CUSTOMER_GROUP_BRANDING, type CustomerGroupDto } from '@beacon/contracts';
import type { CustomerGroupState } from '@beacon/domain';

/** A group just created, as GET /api/customer_group/self/ will show it once projected. */
export function newCustomerGroupDto(group: CustomerGroupState & { status: 'active' }, rootPermissions: readonly string[]): CustomerGroupDto {
  return {
    id: group.customerGroupId,
    name: group.name,
    parent: group.parentId,
    root_parent_id: group.rootId,
    settings: JSON.stringify(group.settings),
    ...NEW_CUSTOMER_GROUP_BRANDING,
    should_use_autologout: group.shouldUseAutologout,
    no_noticeboard_numbers: group.settings.noticeboard_numbers.length === 0,
    root_customer_group_permissions: [...rootPermissions],
  };
}
