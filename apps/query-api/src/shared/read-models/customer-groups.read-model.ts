import { READ_MODELS } from '@beacon/contracts';
import type { AuditSettings } from '@beacon/domain';
import type { Document } from '@beacon/read-store';

export const CUSTOMER_GROUPS = READ_MODELS.customerGroups;

/** One document per customer group, shaped like GET /api/customer_group/self/, plus its path from the root. */
export interface CustomerGroupDocument extends Document {
  id: string;
  name: string;
  parent: string | null;
  root_parent_id: string;
  /** Ids from the root down to this group, for "this group or a descendant" checks. */
  path: string[];
  settings: Record<string, unknown>;
  brand_login_url: string;
  brand_logo: string;
  enable_custom_branding: boolean;
  highlight_color: string;
  highlight_incident_color: string;
  header_color: string;
  header_icons_color: string;
  should_use_autologout: boolean;
  root_customer_group_permissions: string[];
  /** An organisation (root group) the platform's operators suspended; absent: never suspended. */
  suspended?: boolean;
  /** The audit settings as saved (absent until first saved). */
  audit?: AuditSettings;
  /** The message of each noticeboard number that has one. */
  noticeboard_messages?: { phone_number: string; message: string }[];
  /** The contact fields messages may merge in (absent until first set). */
  merge_field_ids?: string[];
}
