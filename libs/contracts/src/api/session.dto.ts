/** Shapes of the session and shell calls (spec part 1 section 7 "Session and shell"). */

import type { CustomerPermission } from '@beacon/domain';

export { CUSTOMER_PERMISSIONS, type CustomerPermission } from '@beacon/domain';

export interface LoginRequest {
  email: string;
  password: string;
}

export interface LoginResponse {
  key: string;
}

/** GET /api/user/self/?descendant_fields=true */
export interface LoggedUserDto {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  customer_permission: CustomerPermission;
  customer_group: string;
  is_temporary: boolean;
  preferred_timezone: string;
}

/** GET /api/customer_group/self/ */
export interface CustomerGroupDto {
  id: string;
  name: string;
  parent: string | null;
  root_parent_id: string;
  /** JSON text, as the spec describes it (includes send_verification_email and noticeboard_numbers). */
  settings: string;
  brand_login_url: string;
  brand_logo: string;
  enable_custom_branding: boolean;
  highlight_color: string;
  highlight_incident_color: string;
  header_color: string;
  header_icons_color: string;
  should_use_autologout: boolean;
  no_noticeboard_numbers: boolean;
  root_customer_group_permissions: string[];
}

/** GET and PUT /api/customer_group_im_settings/{id}/ */
export interface IncidentModuleSettingsDto {
  module_name: string;
  module_name_plural: string;
}

/** GET /api/get_company_info/ */
export interface CompanyInfoDto {
  version_number: string;
}

/** Every command response carries the global position of its last event, for read-your-writes. */
export interface CommandResultDto {
  position: number;
}

/** Header a client sends with a read to wait (bounded) until projections have reached a position. */
export const READ_POSITION_HEADER = 'x-read-position';
/** Header every query response carries: the read models reflect at least the events up to this position. */
export const PROJECTION_POSITION_HEADER = 'x-projection-position';
/** Header a command response carries with the position of its last appended event. */
export const EVENT_POSITION_HEADER = 'x-event-position';

export { DEFAULT_MODULE_NAME, DEFAULT_MODULE_NAME_PLURAL, DEFAULT_TIMEZONE } from '@beacon/domain';
