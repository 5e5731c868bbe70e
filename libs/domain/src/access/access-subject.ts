import type { CustomerPermission, RootPermission } from '../shared/permissions';

/**
 * Everything the access rules look at: the signed-in user and the settings of their customer group
 * (root permissions are the root group's root_customer_group_permissions, inherited by descendants).
 * Every rule in this folder is a pure function of this value (plus, for profile edit, a target id).
 */
export interface AccessSubject {
  readonly customerPermission: CustomerPermission;
  readonly isTemporary: boolean;
  /** Root-group feature names, spelt as the spec spells them (see ROOT_PERMISSIONS). */
  readonly rootPermissions: readonly string[];
  /** The group has audio-noticeboard numbers (settings.noticeboard_numbers present). */
  readonly hasNoticeboardNumbers: boolean;
  /** The group setting send_verification_email. */
  readonly sendVerificationEmail: boolean;
  readonly userId: string;
}

// Root-group permission names the access rules use. Typed against RootPermission so a misspelling
// fails to compile.
export const MEDIA_LIBRARY_PERMISSION = 'Media library' satisfies RootPermission;
export const MERGE_FIELDS_PERMISSION = 'Merge fields' satisfies RootPermission;
export const AUDIO_NOTICEBOARD_PERMISSION = 'Audio noticeboard' satisfies RootPermission;
export const ALLOW_SENDERS_TO_EDIT_CONTENT_PERMISSION = 'Allow Senders to edit content' satisfies RootPermission;
export const INCIDENT_MANAGER_ONLY_PERMISSION = 'Show Incident Manager dashboard only' satisfies RootPermission;
/**
 * "{product}" is the product-name placeholder exactly as the spec spells it: the permission name
 * contains the literal text "{product}" and is never substituted.
 */
export const PRODUCT_AND_INCIDENT_MANAGER_PERMISSION = 'Show {product} + Incident Manager dashboard' satisfies RootPermission;
export const USE_MICROSOFT_TEAMS_PERMISSION = 'Use Microsoft Teams' satisfies RootPermission;
export const USE_SLACK_PERMISSION = 'Use Slack' satisfies RootPermission;
export const CUSTOM_DASHBOARD_BRANDING_PERMISSION = 'Custom dashboard branding' satisfies RootPermission;
export const VIEW_ADDRESS_STRING_PERMISSION = 'Allow Operators to view address string (detailed reports)' satisfies RootPermission;
export const VIEW_ALL_INFO_PERMISSION = 'Allow Operators to view all info (detailed reports)' satisfies RootPermission;
export const ON_CALL_PERMISSION = 'On Call core platform access' satisfies RootPermission;
export const MINIMUM_STAFFING_PERMISSION = 'Minimum staffing requirements' satisfies RootPermission;

/** Either root permission opens incident management. */
export const INCIDENT_ROOT_PERMISSIONS = [INCIDENT_MANAGER_ONLY_PERMISSION, PRODUCT_AND_INCIDENT_MANAGER_PERMISSION] as const;
/** Either root permission opens the session detail report to operators. */
export const DETAILED_REPORT_PERMISSIONS = [VIEW_ADDRESS_STRING_PERMISSION, VIEW_ALL_INFO_PERMISSION] as const;

export function hasRole(subject: AccessSubject, roles: readonly CustomerPermission[]): boolean {
  return roles.includes(subject.customerPermission);
}

export function hasRootPermission(subject: Pick<AccessSubject, 'rootPermissions'>, permission: RootPermission): boolean {
  return subject.rootPermissions.includes(permission);
}

export function hasAnyRootPermission(subject: Pick<AccessSubject, 'rootPermissions'>, permissions: readonly RootPermission[]): boolean {
  return permissions.some((permission) => hasRootPermission(subject, permission));
}

export function hasIncidentRootPermission(subject: Pick<AccessSubject, 'rootPermissions'>): boolean {
  return hasAnyRootPermission(subject, INCIDENT_ROOT_PERMISSIONS);
}
