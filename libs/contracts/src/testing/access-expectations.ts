import {
  CUSTOMER_PERMISSIONS,
  ROOT_PERMISSIONS,
  ALLOW_SENDERS_TO_EDIT_CONTENT_PERMISSION,
  AUDIO_NOTICEBOARD_PERMISSION,
  CUSTOM_DASHBOARD_BRANDING_PERMISSION,
  INCIDENT_MANAGER_ONLY_PERMISSION,
  MEDIA_LIBRARY_PERMISSION,
  MERGE_FIELDS_PERMISSION,
  ON_CALL_PERMISSION,
  PRODUCT_AND_INCIDENT_MANAGER_PERMISSION,
  USE_MICROSOFT_TEAMS_PERMISSION,
  USE_SLACK_PERMISSION,
  VIEW_ADDRESS_STRING_PERMISSION,
  VIEW_ALL_INFO_PERMISSION,
  type AccessSubject,
  type CustomerPermission,
  type GuardContext,
  type GuardKind,
  type RootPermission,
} from '@beacon/domain';
import type { MenuItemKey } from '../console/menu';

/**
 * The spec's access tables as data (part 1 §2 and §6, part 2 §2 and §6), written out by hand from
 * the spec rather than derived from the rules, so the rules can be tested against them — here, in the
 * console's specs, and later in the server's API authorization tests. Test data: it is not exported
 * from the package's index; specs of other projects import `@beacon/contracts/testing`. Each row: a situation (root permissions, temporary,
 * noticeboard numbers, …) and the roles, of the five, that must be allowed in it; every other role
 * must be refused.
 */
export interface AccessSituation {
  readonly rootPermissions?: readonly RootPermission[];
  readonly isTemporary?: boolean;
  readonly hasNoticeboardNumbers?: boolean;
  readonly sendVerificationEmail?: boolean;
  /** Profile edit: whose profile is edited (none: no target given). */
  readonly target?: 'self' | 'other';
}

export interface GuardExpectation {
  readonly guard: GuardKind;
  readonly situation: string;
  readonly given: AccessSituation;
  readonly allowed: readonly CustomerPermission[];
}

export interface MenuExpectation {
  readonly item: MenuItemKey;
  readonly situation: string;
  readonly given: AccessSituation;
  readonly shownTo: readonly CustomerPermission[];
}

export const EXPECTATION_USER_ID = 'user-1';

/** A subject of the given role in the given situation (defaults: nothing granted, not temporary). */
export function subjectFor(role: CustomerPermission, given: AccessSituation = {}): AccessSubject {
  return {
    customerPermission: role,
    isTemporary: given.isTemporary ?? false,
    rootPermissions: given.rootPermissions ?? [],
    hasNoticeboardNumbers: given.hasNoticeboardNumbers ?? false,
    sendVerificationEmail: given.sendVerificationEmail ?? false,
    userId: EXPECTATION_USER_ID,
  };
}

export function contextFor(given: AccessSituation): GuardContext {
  if (given.target === 'self') return { targetUserId: EXPECTATION_USER_ID };
  if (given.target === 'other') return { targetUserId: 'user-2' };
  return {};
}

export interface ExpandedCase<T> {
  /** e.g. "OPERATOR, with Media library → allowed" */
  readonly name: string;
  readonly role: CustomerPermission;
  readonly subject: AccessSubject;
  readonly context: GuardContext;
  readonly expected: boolean;
  readonly row: T;
}

/** One case per role per row, for `it.each`. */
export function expandByRole<T extends { readonly situation: string; readonly given: AccessSituation }>(
  rows: readonly T[],
  allowedRoles: (row: T) => readonly CustomerPermission[],
  label: (row: T) => string,
): ExpandedCase<T>[] {
  return rows.flatMap((row) =>
    CUSTOMER_PERMISSIONS.map((role) => {
      const expected = allowedRoles(row).includes(role);
      return {
        name: `${label(row)}: ${role}, ${row.situation} → ${expected ? 'yes' : 'no'}`,
        role,
        subject: subjectFor(role, row.given),
        context: contextFor(row.given),
        expected,
        row,
      };
    }),
  );
}

const ALL: readonly CustomerPermission[] = CUSTOMER_PERMISSIONS;
const NONE: readonly CustomerPermission[] = [];
const EVERY_ROOT_PERMISSION: readonly RootPermission[] = ROOT_PERMISSIONS;
const allExcept = (...left: RootPermission[]): RootPermission[] => ROOT_PERMISSIONS.filter((p) => !left.includes(p));
const EVERYTHING: AccessSituation = { rootPermissions: EVERY_ROOT_PERMISSION, hasNoticeboardNumbers: true, sendVerificationEmail: true };

/** Guards that are role sets only: nothing else changes the answer. */
function roleSetRows(guard: GuardKind, allowed: readonly CustomerPermission[]): GuardExpectation[] {
  return [
    { guard, situation: 'no root permissions', given: {}, allowed },
    { guard, situation: 'every root permission, temporary', given: { ...EVERYTHING, isTemporary: true }, allowed },
  ];
}

const INCIDENT_ONLY = INCIDENT_MANAGER_ONLY_PERMISSION;
const PRODUCT_AND_INCIDENT = PRODUCT_AND_INCIDENT_MANAGER_PERMISSION;
const AN = AUDIO_NOTICEBOARD_PERMISSION;
const ALLOW_SENDERS = ALLOW_SENDERS_TO_EDIT_CONTENT_PERMISSION;

export const GUARD_EXPECTATIONS: readonly GuardExpectation[] = [
  ...roleSetRows('signedIn', ALL),
  ...roleSetRows('adminOperatorSender', ['ADMIN', 'OPERATOR', 'SENDER']),
  ...roleSetRows('adminOperator', ['ADMIN', 'OPERATOR']),
  ...roleSetRows('adminOperatorSenderData', ['ADMIN', 'OPERATOR', 'SENDER', 'DATA']),
  ...roleSetRows('adminOnly', ['ADMIN']),
  ...roleSetRows('adminData', ['ADMIN', 'DATA']),
  ...roleSetRows('adminDataContact', ['ADMIN', 'DATA', 'CONTACT']),

  { guard: 'sessionReportDetail', situation: 'no root permissions', given: {}, allowed: ['ADMIN'] },
  { guard: 'sessionReportDetail', situation: 'with view address string', given: { rootPermissions: [VIEW_ADDRESS_STRING_PERMISSION] }, allowed: ['ADMIN', 'OPERATOR'] },
  { guard: 'sessionReportDetail', situation: 'with view all info', given: { rootPermissions: [VIEW_ALL_INFO_PERMISSION] }, allowed: ['ADMIN', 'OPERATOR'] },
  {
    guard: 'sessionReportDetail',
    situation: 'every other root permission',
    given: { rootPermissions: allExcept(VIEW_ADDRESS_STRING_PERMISSION, VIEW_ALL_INFO_PERMISSION) },
    allowed: ['ADMIN'],
  },

  { guard: 'incident', situation: 'no root permissions', given: {}, allowed: NONE },
  { guard: 'incident', situation: 'with incident manager only', given: { rootPermissions: [INCIDENT_ONLY] }, allowed: ['ADMIN', 'OPERATOR', 'SENDER'] },
  { guard: 'incident', situation: 'with {product} + incident manager', given: { rootPermissions: [PRODUCT_AND_INCIDENT] }, allowed: ['ADMIN', 'OPERATOR', 'SENDER'] },
  { guard: 'incident', situation: 'every other root permission', given: { rootPermissions: allExcept(INCIDENT_ONLY, PRODUCT_AND_INCIDENT) }, allowed: NONE },
  { guard: 'incident', situation: 'everything, temporary', given: { ...EVERYTHING, isTemporary: true }, allowed: ['ADMIN', 'OPERATOR', 'SENDER'] },

  { guard: 'incidentSettings', situation: 'no root permissions', given: {}, allowed: NONE },
  { guard: 'incidentSettings', situation: 'with incident manager only', given: { rootPermissions: [INCIDENT_ONLY] }, allowed: ['ADMIN', 'OPERATOR'] },
  { guard: 'incidentSettings', situation: 'with {product} + incident manager', given: { rootPermissions: [PRODUCT_AND_INCIDENT] }, allowed: ['ADMIN', 'OPERATOR'] },
  { guard: 'incidentSettings', situation: 'every other root permission', given: { rootPermissions: allExcept(INCIDENT_ONLY, PRODUCT_AND_INCIDENT) }, allowed: NONE },

  { guard: 'mediaLibrary', situation: 'no root permissions', given: {}, allowed: NONE },
  { guard: 'mediaLibrary', situation: 'with Media library', given: { rootPermissions: [MEDIA_LIBRARY_PERMISSION] }, allowed: ['ADMIN', 'OPERATOR', 'CONTACT', 'DATA'] },
  { guard: 'mediaLibrary', situation: 'every other root permission', given: { rootPermissions: allExcept(MEDIA_LIBRARY_PERMISSION) }, allowed: NONE },
  {
    guard: 'mediaLibrary',
    situation: 'with Media library, temporary',
    given: { rootPermissions: [MEDIA_LIBRARY_PERMISSION], isTemporary: true },
    allowed: ['ADMIN', 'OPERATOR', 'CONTACT', 'DATA'],
  },

  { guard: 'profileEdit', situation: 'no target', given: {}, allowed: ['ADMIN', 'DATA'] },
  { guard: 'profileEdit', situation: 'no target, send_verification_email on', given: { sendVerificationEmail: true }, allowed: ['ADMIN', 'DATA'] },
  { guard: 'profileEdit', situation: 'own id, send_verification_email off', given: { target: 'self' }, allowed: ['ADMIN', 'DATA'] },
  { guard: 'profileEdit', situation: 'own id, send_verification_email on', given: { target: 'self', sendVerificationEmail: true }, allowed: ALL },
  { guard: 'profileEdit', situation: 'other id, send_verification_email on', given: { target: 'other', sendVerificationEmail: true }, allowed: ['ADMIN', 'DATA'] },

  { guard: 'audioNoticeboard', situation: 'nothing', given: {}, allowed: NONE },
  { guard: 'audioNoticeboard', situation: 'Audio noticeboard and numbers', given: { rootPermissions: [AN], hasNoticeboardNumbers: true }, allowed: ['ADMIN', 'OPERATOR'] },
  {
    guard: 'audioNoticeboard',
    situation: 'Audio noticeboard, Allow Senders to edit content and numbers',
    given: { rootPermissions: [AN, ALLOW_SENDERS], hasNoticeboardNumbers: true },
    allowed: ['ADMIN', 'OPERATOR'],
  },
  { guard: 'audioNoticeboard', situation: 'Audio noticeboard, no numbers', given: { rootPermissions: [AN] }, allowed: NONE },
  { guard: 'audioNoticeboard', situation: 'numbers, every other root permission', given: { rootPermissions: allExcept(AN), hasNoticeboardNumbers: true }, allowed: NONE },

  { guard: 'audioNoticeboardSender', situation: 'nothing', given: {}, allowed: NONE },
  { guard: 'audioNoticeboardSender', situation: 'Audio noticeboard and numbers', given: { rootPermissions: [AN], hasNoticeboardNumbers: true }, allowed: ['ADMIN', 'OPERATOR'] },
  {
    guard: 'audioNoticeboardSender',
    situation: 'Audio noticeboard, Allow Senders to edit content and numbers',
    given: { rootPermissions: [AN, ALLOW_SENDERS], hasNoticeboardNumbers: true },
    allowed: ['ADMIN', 'OPERATOR', 'SENDER'],
  },
  { guard: 'audioNoticeboardSender', situation: 'both permissions, no numbers', given: { rootPermissions: [AN, ALLOW_SENDERS] }, allowed: NONE },
  { guard: 'audioNoticeboardSender', situation: 'numbers, every other root permission', given: { rootPermissions: allExcept(AN), hasNoticeboardNumbers: true }, allowed: NONE },

  { guard: 'teams', situation: 'no root permissions', given: {}, allowed: NONE },
  { guard: 'teams', situation: 'with Use Microsoft Teams', given: { rootPermissions: [USE_MICROSOFT_TEAMS_PERMISSION] }, allowed: ['ADMIN'] },
  { guard: 'teams', situation: 'every other root permission', given: { rootPermissions: allExcept(USE_MICROSOFT_TEAMS_PERMISSION) }, allowed: NONE },
  { guard: 'slack', situation: 'no root permissions', given: {}, allowed: NONE },
  { guard: 'slack', situation: 'with Use Slack', given: { rootPermissions: [USE_SLACK_PERMISSION] }, allowed: ['ADMIN'] },
  { guard: 'slack', situation: 'every other root permission', given: { rootPermissions: allExcept(USE_SLACK_PERMISSION) }, allowed: NONE },
  { guard: 'mergeFields', situation: 'no root permissions', given: {}, allowed: NONE },
  { guard: 'mergeFields', situation: 'with Merge fields', given: { rootPermissions: [MERGE_FIELDS_PERMISSION] }, allowed: ['ADMIN'] },
  { guard: 'mergeFields', situation: 'every other root permission', given: { rootPermissions: allExcept(MERGE_FIELDS_PERMISSION) }, allowed: NONE },

  { guard: 'onCall', situation: 'no root permissions', given: {}, allowed: NONE },
  { guard: 'onCall', situation: 'with On Call core platform access', given: { rootPermissions: [ON_CALL_PERMISSION] }, allowed: ['ADMIN', 'OPERATOR'] },
  { guard: 'onCall', situation: 'every other root permission', given: { rootPermissions: allExcept(ON_CALL_PERMISSION) }, allowed: NONE },
  { guard: 'onCall', situation: 'everything, temporary', given: { ...EVERYTHING, isTemporary: true }, allowed: ['ADMIN', 'OPERATOR'] },
  { guard: 'onCallRecipients', situation: 'no root permissions', given: {}, allowed: NONE },
  { guard: 'onCallRecipients', situation: 'with On Call core platform access', given: { rootPermissions: [ON_CALL_PERMISSION] }, allowed: ['ADMIN', 'OPERATOR', 'SENDER'] },
  { guard: 'onCallRecipients', situation: 'every other root permission', given: { rootPermissions: allExcept(ON_CALL_PERMISSION) }, allowed: NONE },
  { guard: 'onCallUser', situation: 'no root permissions, own id', given: { target: 'self' }, allowed: NONE },
  { guard: 'onCallUser', situation: 'with On Call core platform access, no target', given: { rootPermissions: [ON_CALL_PERMISSION] }, allowed: ['ADMIN', 'OPERATOR', 'DATA'] },
  { guard: 'onCallUser', situation: 'with On Call core platform access, other id', given: { rootPermissions: [ON_CALL_PERMISSION], target: 'other' }, allowed: ['ADMIN', 'OPERATOR', 'DATA'] },
  { guard: 'onCallUser', situation: 'with On Call core platform access, own id', given: { rootPermissions: [ON_CALL_PERMISSION], target: 'self' }, allowed: ALL },
  { guard: 'onCallUser', situation: 'every other root permission, own id', given: { rootPermissions: allExcept(ON_CALL_PERMISSION), target: 'self' }, allowed: NONE },
];

const TEMPORARY: AccessSituation = { isTemporary: true };
const NOTICEBOARD_FOR_SENDERS: AccessSituation = { rootPermissions: [AN, ALLOW_SENDERS], hasNoticeboardNumbers: true };

/** The menu-visibility table, with the decisions documented in menu.ts (route guard must pass too). */
export const MENU_EXPECTATIONS: readonly MenuExpectation[] = [
  { item: 'dashboard', situation: 'nothing', given: {}, shownTo: ALL },
  { item: 'dashboard', situation: 'temporary', given: TEMPORARY, shownTo: ALL },

  { item: 'messages', situation: 'nothing', given: {}, shownTo: ['ADMIN', 'OPERATOR', 'SENDER'] },
  { item: 'messages', situation: 'temporary', given: TEMPORARY, shownTo: ['ADMIN', 'OPERATOR', 'SENDER'] },
  { item: 'sendMessage', situation: 'nothing', given: {}, shownTo: ['ADMIN', 'OPERATOR', 'SENDER'] },
  { item: 'sendMessage', situation: 'temporary', given: TEMPORARY, shownTo: ['ADMIN', 'OPERATOR', 'SENDER'] },
  { item: 'createMessage', situation: 'nothing', given: {}, shownTo: ['ADMIN', 'OPERATOR'] },
  { item: 'createMessage', situation: 'temporary', given: TEMPORARY, shownTo: ['ADMIN', 'OPERATOR'] },
  { item: 'messageTemplates', situation: 'nothing', given: {}, shownTo: ['ADMIN', 'OPERATOR'] },
  { item: 'messageTemplates', situation: 'temporary', given: TEMPORARY, shownTo: NONE },
  { item: 'messageCalendar', situation: 'nothing', given: {}, shownTo: ['ADMIN', 'OPERATOR', 'SENDER'] },
  { item: 'messageCalendar', situation: 'temporary', given: TEMPORARY, shownTo: NONE },
  { item: 'messageReports', situation: 'nothing', given: {}, shownTo: ['ADMIN', 'OPERATOR', 'SENDER'] },
  { item: 'messageReports', situation: 'temporary', given: TEMPORARY, shownTo: NONE },

  { item: 'audioNoticeboard', situation: 'nothing', given: {}, shownTo: NONE },
  { item: 'audioNoticeboard', situation: 'Audio noticeboard and numbers', given: { rootPermissions: [AN], hasNoticeboardNumbers: true }, shownTo: ['ADMIN', 'OPERATOR'] },
  { item: 'audioNoticeboard', situation: 'Audio noticeboard, Allow Senders to edit content and numbers', given: NOTICEBOARD_FOR_SENDERS, shownTo: ['ADMIN', 'OPERATOR', 'SENDER'] },
  { item: 'audioNoticeboard', situation: 'both permissions, no numbers', given: { rootPermissions: [AN, ALLOW_SENDERS] }, shownTo: NONE },
  { item: 'audioNoticeboard', situation: 'numbers, every other root permission', given: { rootPermissions: allExcept(AN), hasNoticeboardNumbers: true }, shownTo: NONE },
  { item: 'audioNoticeboard', situation: 'everything, temporary', given: { ...NOTICEBOARD_FOR_SENDERS, isTemporary: true }, shownTo: NONE },

  ...(['incidents', 'startIncident', 'incidentReports'] as const).flatMap((item): MenuExpectation[] => [
    { item, situation: 'no root permissions', given: {}, shownTo: NONE },
    { item, situation: 'with incident manager only', given: { rootPermissions: [INCIDENT_ONLY] }, shownTo: ['ADMIN', 'OPERATOR', 'SENDER'] },
    { item, situation: 'with {product} + incident manager', given: { rootPermissions: [PRODUCT_AND_INCIDENT] }, shownTo: ['ADMIN', 'OPERATOR', 'SENDER'] },
    { item, situation: 'every other root permission', given: { rootPermissions: allExcept(INCIDENT_ONLY, PRODUCT_AND_INCIDENT) }, shownTo: NONE },
    { item, situation: 'everything, temporary', given: { ...EVERYTHING, isTemporary: true }, shownTo: ['ADMIN', 'OPERATOR', 'SENDER'] },
  ]),
  { item: 'incidentSettings', situation: 'no root permissions', given: {}, shownTo: NONE },
  { item: 'incidentSettings', situation: 'with incident manager only', given: { rootPermissions: [INCIDENT_ONLY] }, shownTo: ['ADMIN', 'OPERATOR'] },
  { item: 'incidentSettings', situation: 'with {product} + incident manager', given: { rootPermissions: [PRODUCT_AND_INCIDENT] }, shownTo: ['ADMIN', 'OPERATOR'] },

  { item: 'manageIntegrations', situation: 'no root permissions', given: {}, shownTo: NONE },
  { item: 'manageIntegrations', situation: 'with Use Microsoft Teams', given: { rootPermissions: [USE_MICROSOFT_TEAMS_PERMISSION] }, shownTo: ['ADMIN'] },
  { item: 'manageIntegrations', situation: 'with Use Slack only', given: { rootPermissions: [USE_SLACK_PERMISSION] }, shownTo: NONE },
  { item: 'manageIntegrations', situation: 'every root permission', given: EVERYTHING, shownTo: ['ADMIN'] },
  { item: 'microsoftTeams', situation: 'no root permissions', given: {}, shownTo: NONE },
  { item: 'microsoftTeams', situation: 'with Use Microsoft Teams', given: { rootPermissions: [USE_MICROSOFT_TEAMS_PERMISSION] }, shownTo: ['ADMIN'] },
  { item: 'microsoftTeams', situation: 'with Use Slack only', given: { rootPermissions: [USE_SLACK_PERMISSION] }, shownTo: NONE },
  { item: 'slack', situation: 'no root permissions', given: {}, shownTo: NONE },
  { item: 'slack', situation: 'with Use Slack only (the group needs Use Microsoft Teams)', given: { rootPermissions: [USE_SLACK_PERMISSION] }, shownTo: NONE },
  { item: 'slack', situation: 'with Use Microsoft Teams only', given: { rootPermissions: [USE_MICROSOFT_TEAMS_PERMISSION] }, shownTo: NONE },
  {
    item: 'slack',
    situation: 'with Use Microsoft Teams and Use Slack',
    given: { rootPermissions: [USE_MICROSOFT_TEAMS_PERMISSION, USE_SLACK_PERMISSION] },
    shownTo: ['ADMIN'],
  },

  { item: 'manageUsers', situation: 'nothing', given: {}, shownTo: ['ADMIN', 'DATA'] },
  { item: 'manageUsers', situation: 'everything, temporary', given: { ...EVERYTHING, isTemporary: true }, shownTo: ['ADMIN', 'DATA'] },
  { item: 'manageDatasets', situation: 'nothing', given: {}, shownTo: ['ADMIN'] },
  { item: 'manageDatasets', situation: 'everything, temporary', given: { ...EVERYTHING, isTemporary: true }, shownTo: ['ADMIN'] },

  { item: 'mediaLibrary', situation: 'no root permissions', given: {}, shownTo: NONE },
  { item: 'mediaLibrary', situation: 'with Media library', given: { rootPermissions: [MEDIA_LIBRARY_PERMISSION] }, shownTo: ['ADMIN', 'OPERATOR', 'CONTACT', 'DATA'] },
  { item: 'mediaLibrary', situation: 'every other root permission', given: { rootPermissions: allExcept(MEDIA_LIBRARY_PERMISSION) }, shownTo: NONE },
  { item: 'mediaLibrary', situation: 'with Media library, temporary', given: { rootPermissions: [MEDIA_LIBRARY_PERMISSION], isTemporary: true }, shownTo: NONE },

  { item: 'helpAndSupport', situation: 'nothing', given: {}, shownTo: ['ADMIN', 'OPERATOR', 'SENDER', 'DATA'] },
  { item: 'helpAndSupport', situation: 'everything, temporary', given: { ...EVERYTHING, isTemporary: true }, shownTo: ['ADMIN', 'OPERATOR', 'SENDER', 'DATA'] },
  { item: 'contactSupport', situation: 'nothing', given: {}, shownTo: ALL },
  { item: 'contactSupport', situation: 'everything, temporary', given: { ...EVERYTHING, isTemporary: true }, shownTo: ALL },
  { item: 'activityLog', situation: 'nothing', given: {}, shownTo: ['ADMIN'] },
  { item: 'activityLog', situation: 'everything, temporary', given: { ...EVERYTHING, isTemporary: true }, shownTo: ['ADMIN'] },

  { item: 'customBranding', situation: 'no root permissions', given: {}, shownTo: NONE },
  { item: 'customBranding', situation: 'with Custom dashboard branding', given: { rootPermissions: [CUSTOM_DASHBOARD_BRANDING_PERMISSION] }, shownTo: ['ADMIN'] },
  { item: 'customBranding', situation: 'every other root permission', given: { rootPermissions: allExcept(CUSTOM_DASHBOARD_BRANDING_PERMISSION) }, shownTo: NONE },
];

export function expandGuardExpectations(rows: readonly GuardExpectation[] = GUARD_EXPECTATIONS): ExpandedCase<GuardExpectation>[] {
  return expandByRole(rows, (row) => row.allowed, (row) => row.guard);
}

export function expandMenuExpectations(rows: readonly MenuExpectation[] = MENU_EXPECTATIONS): ExpandedCase<MenuExpectation>[] {
  return expandByRole(rows, (row) => row.shownTo, (row) => row.item);
}
