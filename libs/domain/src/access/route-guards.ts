import { CUSTOMER_PERMISSIONS, isCustomerPermission, type CustomerPermission } from '../shared/permissions';
import {
  ALLOW_SENDERS_TO_EDIT_CONTENT_PERMISSION,
  AUDIO_NOTICEBOARD_PERMISSION,
  DETAILED_REPORT_PERMISSIONS,
  MEDIA_LIBRARY_PERMISSION,
  MERGE_FIELDS_PERMISSION,
  ON_CALL_PERMISSION,
  USE_MICROSOFT_TEAMS_PERMISSION,
  USE_SLACK_PERMISSION,
  hasAnyRootPermission,
  hasIncidentRootPermission,
  hasRole,
  hasRootPermission,
  type AccessSubject,
} from './access-subject';

/**
 * Route guards of the spec (part 1 §2 and §6, part 2 §2 and §6). A failed guard hides the layout and
 * logs the user out (console); the server answers 403 for the same rule.
 *
 * Unlike the menu (see menu.ts), route guards never wave ADMIN through a root-permission or
 * noticeboard-number requirement: the spec writes those rules as "(roles) with/plus (permission)".
 * Temporary users are not a route-guard concern: the spec only hides some menu items from them.
 */
export const GUARD_KINDS = [
  'signedIn',
  'adminOperatorSender',
  'adminOperator',
  'adminOperatorSenderData',
  'adminOnly',
  'adminData',
  'adminDataContact',
  'sessionReportDetail',
  'incident',
  'incidentSettings',
  'mediaLibrary',
  'profileEdit',
  'audioNoticeboard',
  'audioNoticeboardSender',
  'teams',
  'slack',
  'mergeFields',
  'onCall',
  'onCallRecipients',
  'onCallUser',
] as const;
export type GuardKind = (typeof GUARD_KINDS)[number];

export interface GuardContext {
  /** For profileEdit and onCallUser: the id of the user the route is about (the :id of /users/:id/edit). */
  readonly targetUserId?: string;
}

/** The role sets the spec names ("Other sets used"). */
export const GUARD_ROLE_SETS = {
  signedIn: CUSTOMER_PERMISSIONS,
  adminOperatorSender: ['ADMIN', 'OPERATOR', 'SENDER'],
  adminOperator: ['ADMIN', 'OPERATOR'],
  adminOperatorSenderData: ['ADMIN', 'OPERATOR', 'SENDER', 'DATA'],
  adminOnly: ['ADMIN'],
  adminData: ['ADMIN', 'DATA'],
  adminDataContact: ['ADMIN', 'DATA', 'CONTACT'],
} as const satisfies Record<string, readonly CustomerPermission[]>;

/** Audio noticeboard: admin or operator, with root permission "Audio noticeboard" and noticeboard numbers present. */
function audioNoticeboard(subject: AccessSubject): boolean {
  return (
    hasRole(subject, GUARD_ROLE_SETS.adminOperator) &&
    hasRootPermission(subject, AUDIO_NOTICEBOARD_PERMISSION) &&
    subject.hasNoticeboardNumbers
  );
}

const GUARDS: Record<GuardKind, (subject: AccessSubject, context: GuardContext) => boolean> = {
  // The five roles; checked at run time because the subject is often built from server data.
  signedIn: (subject) => isCustomerPermission(subject.customerPermission),
  adminOperatorSender: (subject) => hasRole(subject, GUARD_ROLE_SETS.adminOperatorSender),
  adminOperator: (subject) => hasRole(subject, GUARD_ROLE_SETS.adminOperator),
  adminOperatorSenderData: (subject) => hasRole(subject, GUARD_ROLE_SETS.adminOperatorSenderData),
  adminOnly: (subject) => hasRole(subject, GUARD_ROLE_SETS.adminOnly),
  adminData: (subject) => hasRole(subject, GUARD_ROLE_SETS.adminData),
  adminDataContact: (subject) => hasRole(subject, GUARD_ROLE_SETS.adminDataContact),
  // Admin, or operator holding either detailed-report permission.
  sessionReportDetail: (subject) =>
    subject.customerPermission === 'ADMIN' ||
    (subject.customerPermission === 'OPERATOR' && hasAnyRootPermission(subject, DETAILED_REPORT_PERMISSIONS)),
  // Start, reports, create, edit and edit form: the incident root permission AND admin/operator/sender.
  incident: (subject) => hasIncidentRootPermission(subject) && hasRole(subject, GUARD_ROLE_SETS.adminOperatorSender),
  // Settings, fields, forms, rules, edit rule and templates: the incident root permission AND admin/operator.
  incidentSettings: (subject) => hasIncidentRootPermission(subject) && hasRole(subject, GUARD_ROLE_SETS.adminOperator),
  mediaLibrary: (subject) =>
    hasRole(subject, ['ADMIN', 'OPERATOR', 'CONTACT', 'DATA']) && hasRootPermission(subject, MEDIA_LIBRARY_PERMISSION),
  // Admin or data, or a user editing their own id when send_verification_email is on.
  profileEdit: (subject, context) =>
    hasRole(subject, GUARD_ROLE_SETS.adminData) ||
    (subject.sendVerificationEmail && context.targetUserId !== undefined && context.targetUserId === subject.userId),
  audioNoticeboard,
  // Sender routes also allow SENDER with "Audio noticeboard", numbers present and "Allow Senders to edit content".
  audioNoticeboardSender: (subject) =>
    audioNoticeboard(subject) ||
    (subject.customerPermission === 'SENDER' &&
      hasRootPermission(subject, AUDIO_NOTICEBOARD_PERMISSION) &&
      subject.hasNoticeboardNumbers &&
      hasRootPermission(subject, ALLOW_SENDERS_TO_EDIT_CONTENT_PERMISSION)),
  // Decision: the route tables (both parts) say "admin only", and part 2 §6 (Roles and permissions)
  // adds "Teams needs 'Use Microsoft Teams'; Slack needs 'Use Slack'". Both apply, so the guard is
  // ADMIN AND the integration's root permission — which also matches the menu, where the item only
  // shows with that permission. An admin without it is refused on the route and by the API.
  teams: (subject) => subject.customerPermission === 'ADMIN' && hasRootPermission(subject, USE_MICROSOFT_TEAMS_PERMISSION),
  slack: (subject) => subject.customerPermission === 'ADMIN' && hasRootPermission(subject, USE_SLACK_PERMISSION),
  // Merge fields (spec part 2 §6, a feature permission of the root group) on the admins' dataset screens.
  mergeFields: (subject) => subject.customerPermission === 'ADMIN' && hasRootPermission(subject, MERGE_FIELDS_PERMISSION),
  // On call (part 2 §6, a feature permission of the root group): the on-call routes of the console are
  // admin/operator (/user_import_on_call), so rosters, settings, assignments and exports are theirs.
  onCall: (subject) => hasRole(subject, GUARD_ROLE_SETS.adminOperator) && hasRootPermission(subject, ON_CALL_PERMISSION),
  // Who is on call now: what the message builder's "Currently On Call" recipient type reads, so also senders'.
  onCallRecipients: (subject) => hasRole(subject, GUARD_ROLE_SETS.adminOperatorSender) && hasRootPermission(subject, ON_CALL_PERMISSION),
  // One user's on-call weeks and their export: admins and operators (rosters), data users (the user
  // edit screen's on_call tab is theirs too), and any user for themselves.
  onCallUser: (subject, context) =>
    hasRootPermission(subject, ON_CALL_PERMISSION) &&
    (hasRole(subject, ['ADMIN', 'OPERATOR', 'DATA']) || (context.targetUserId !== undefined && context.targetUserId === subject.userId)),
};

export function isGuardKind(value: unknown): value is GuardKind {
  return typeof value === 'string' && (GUARD_KINDS as readonly string[]).includes(value);
}

/** Whether the subject passes the guard. Pure; the single source for the server and the console. */
export function canAccess(guard: GuardKind, subject: AccessSubject, context: GuardContext = {}): boolean {
  return GUARDS[guard](subject, context);
}
