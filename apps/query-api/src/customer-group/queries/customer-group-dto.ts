import type { CustomerGroupDto } from '@beacon/contracts';
import { settingsWithDefaults } from '@beacon/domain';
import type { CustomerGroupDocument } from '../../shared/read-models/customer-groups.read-model';

/** A customer group as answered, with its root group's permissions (none when the root is not there). */
export function toCustomerGroupDto(group: CustomerGroupDocument, root: CustomerGroupDocument | null): CustomerGroupDto {
  const settings = settingsWithDefaults(group.settings ?? {});
  return {
    id: group.id,
    name: group.name,
    parent: group.parent,
    root_parent_id: group.root_parent_id,
    settings: JSON.stringify(settings),
    brand_login_url: group.brand_login_url,
    brand_logo: group.brand_logo,
    enable_custom_branding: group.enable_custom_branding,
    highlight_color: group.highlight_color,
    highlight_incident_color: group.highlight_incident_color,
    header_color: group.header_color,
    header_icons_color: group.header_icons_color,
    should_use_autologout: group.should_use_autologout,
    no_noticeboard_numbers: settings.noticeboard_numbers.length === 0,
    root_customer_group_permissions: root?.root_customer_group_permissions ?? [],
  };
}
