import {
  ALLOW_SENDERS_TO_EDIT_CONTENT_PERMISSION,
  AUDIO_NOTICEBOARD_PERMISSION,
  CUSTOM_DASHBOARD_BRANDING_PERMISSION,
  MEDIA_LIBRARY_PERMISSION,
  USE_MICROSOFT_TEAMS_PERMISSION,
  USE_SLACK_PERMISSION,
  canAccess,
  hasIncidentRootPermission,
  hasRootPermission,
  type AccessSubject,
  type CustomerPermission,
} from '@beacon/domain';
import {
  DEFAULT_MODULE_NAMES,
  UI_BASENAME,
  canAccessRoute,
  formatModuleTitle,
  routePageName,
  type ConsoleRouteKey,
  type ModuleNames,
} from './console-routes';

/**
 * The sidebar menu (spec part 1 §2) and its visibility (part 1 §6, "Menu visibility"): which entries exist, the
 * routes they open and who sees them. Data and rules only, shared by the console and its tests.
 *
 * Decisions, where the spec leaves room:
 * - "ADMIN passes every menu permission check. Some features also need a root-group permission":
 *   ADMIN passes the ROLE checks of the table only. Root-group permissions, the noticeboard-number
 *   requirement and the temporary-user rule still apply to an admin, as they do in the route guards
 *   ("admin or operator with root permission …", "the root permission above is required").
 * - "Hidden from temporary users" is a property of the user, not a permission, so it applies to
 *   every role, ADMIN included. It is a menu rule only; the routes stay open per their guards.
 * - An item is shown only when its table rule AND the guard of the route it opens both pass, because
 *   a failed guard logs the user out: opening a menu item must never do that. So Manage Datasets and
 *   Activity Log ("no restriction stated in the menu") show to admins only, Manage Users to ADMIN and
 *   DATA, Microsoft Teams and Slack to admins holding the integration permission, Custom Branding to
 *   admins holding "Custom dashboard branding".
 * - A group shows only when its own rule passes and at least one child is shown; a child of a hidden
 *   group is hidden. Manage Integrations needs "Use Microsoft Teams" as the table says, so an admin
 *   holding only "Use Slack" sees no Slack item (the route stays reachable by URL).
 */
export const MENU_ITEM_KEYS = [
  'dashboard',
  'messages',
  'createMessage',
  'sendMessage',
  'audioNoticeboard',
  'messageCalendar',
  'messageReports',
  'messageTemplates',
  'incidents',
  'startIncident',
  'incidentReports',
  'incidentSettings',
  'manageIntegrations',
  'microsoftTeams',
  'slack',
  'manageUsers',
  'manageDatasets',
  'mediaLibrary',
  'helpAndSupport',
  'contactSupport',
  'activityLog',
  'customBranding',
] as const;
export type MenuItemKey = (typeof MENU_ITEM_KEYS)[number];

/** Items with these ids get incident styling (the incidents group and its three children). */
export const INCIDENT_MENU_ITEM_IDS = [3, 301, 302, 303] as const;

export function isIncidentMenuItem(item: { readonly id: number }): boolean {
  return (INCIDENT_MENU_ITEM_IDS as readonly number[]).includes(item.id);
}

export interface MenuItem {
  readonly key: MenuItemKey;
  /** Stable id; 3 and 301–303 are the incident items the spec styles. */
  readonly id: number;
  /** Display title; incident titles carry the configured module name. */
  readonly title: string;
  /** The link (under /ui); groups have none. */
  readonly path?: string;
  readonly routeKey?: ConsoleRouteKey;
  readonly children?: readonly MenuItem[];
}

interface MenuDefinition {
  readonly key: MenuItemKey;
  readonly id: number;
  /** May hold "{module}" / "{modules}". */
  readonly title: string;
  readonly path?: string;
  readonly routeKey?: ConsoleRouteKey;
  /** The rule of the spec's menu-visibility table. */
  readonly rule: (subject: AccessSubject) => boolean;
  readonly children?: readonly MenuDefinition[];
}

/** A role check of the menu table: the listed roles, and ADMIN, which passes every one. */
function roles(subject: AccessSubject, allowed: readonly CustomerPermission[]): boolean {
  return subject.customerPermission === 'ADMIN' || allowed.includes(subject.customerPermission);
}

/** "Calendar, Reports, Templates, Noticeboard, Media Library: hidden from temporary users." */
const notTemporary = (subject: AccessSubject): boolean => !subject.isTemporary;
const always = (): boolean => true;

const MENU: readonly MenuDefinition[] = [
  { key: 'dashboard', id: 1, title: 'Dashboard', path: '/', routeKey: 'dashboard', rule: (s) => roles(s, ['SENDER', 'OPERATOR', 'DATA', 'CONTACT']) },
  {
    key: 'messages',
    id: 2,
    title: 'Messages',
    rule: (s) => roles(s, ['SENDER', 'OPERATOR']),
    children: [
      { key: 'createMessage', id: 201, title: 'Create Message', path: '/message/scenario/add', routeKey: 'message.create', rule: (s) => roles(s, ['OPERATOR']) },
      { key: 'sendMessage', id: 202, title: 'Send Message', path: '/message_sending', routeKey: 'message.send', rule: (s) => roles(s, ['SENDER', 'OPERATOR']) },
      {
        key: 'audioNoticeboard',
        id: 203,
        title: 'Audio Noticeboard',
        path: '/audio_noticeboard',
        routeKey: 'audioNoticeboard.list',
        rule: (s) =>
          roles(s, ['SENDER', 'OPERATOR']) &&
          hasRootPermission(s, AUDIO_NOTICEBOARD_PERMISSION) &&
          s.hasNoticeboardNumbers &&
          (s.customerPermission !== 'SENDER' || hasRootPermission(s, ALLOW_SENDERS_TO_EDIT_CONTENT_PERMISSION)) &&
          notTemporary(s),
      },
      { key: 'messageCalendar', id: 204, title: 'Message Calendar', path: '/message/calendar', routeKey: 'message.calendar', rule: notTemporary },
      { key: 'messageReports', id: 205, title: 'Message Reports', path: '/message/sessions', routeKey: 'message.sessions', rule: notTemporary },
      {
        key: 'messageTemplates',
        id: 206,
        title: 'Message Templates',
        path: '/message_managing',
        routeKey: 'message.templates',
        rule: (s) => roles(s, ['OPERATOR']) && notTemporary(s),
      },
    ],
  },
  {
    key: 'incidents',
    id: 3,
    title: '{modules}',
    rule: (s) => roles(s, ['OPERATOR', 'SENDER']) && hasIncidentRootPermission(s),
    children: [
      { key: 'startIncident', id: 301, title: 'Start {module}', path: '/incidents/start', routeKey: 'incidents.start', rule: always },
      { key: 'incidentReports', id: 302, title: '{module} reports', path: '/incidents/reports', routeKey: 'incidents.reports', rule: always },
      { key: 'incidentSettings', id: 303, title: '{module} settings', path: '/incidents/settings', routeKey: 'incidents.settings', rule: (s) => roles(s, ['OPERATOR']) },
    ],
  },
  {
    key: 'manageIntegrations',
    id: 4,
    title: 'Manage Integrations',
    rule: (s) => hasRootPermission(s, USE_MICROSOFT_TEAMS_PERMISSION),
    children: [
      {
        key: 'microsoftTeams',
        id: 401,
        title: 'Microsoft Teams',
        path: '/integration/microsoft_teams',
        routeKey: 'integrations.microsoftTeams',
        rule: (s) => hasRootPermission(s, USE_MICROSOFT_TEAMS_PERMISSION),
      },
      { key: 'slack', id: 402, title: 'Slack', path: '/integration/slack', routeKey: 'integrations.slack', rule: (s) => hasRootPermission(s, USE_SLACK_PERMISSION) },
    ],
  },
  { key: 'manageUsers', id: 5, title: 'Manage Users', path: '/users', routeKey: 'users', rule: (s) => roles(s, ['DATA']) },
  { key: 'manageDatasets', id: 6, title: 'Manage Datasets', path: '/datasets', routeKey: 'datasets', rule: always },
  {
    key: 'mediaLibrary',
    id: 7,
    title: 'Media Library',
    // The menu links with a trailing slash (spec); the route is /media_library.
    path: '/media_library/',
    routeKey: 'mediaLibrary',
    rule: (s) => roles(s, ['CONTACT', 'OPERATOR', 'DATA']) && hasRootPermission(s, MEDIA_LIBRARY_PERMISSION) && notTemporary(s),
  },
  { key: 'helpAndSupport', id: 8, title: 'Help and Support', path: '/help', routeKey: 'help', rule: (s) => roles(s, ['SENDER', 'OPERATOR', 'DATA']) },
  {
    key: 'contactSupport',
    id: 9,
    title: 'Contact Support',
    path: '/contact-support',
    routeKey: 'contactSupport',
    rule: (s) => roles(s, ['SENDER', 'OPERATOR', 'DATA', 'CONTACT']),
  },
  { key: 'activityLog', id: 10, title: 'Activity Log', path: '/activity_log', routeKey: 'activityLog', rule: always },
  {
    key: 'customBranding',
    id: 11,
    title: 'Custom Branding',
    path: '/custom_branding',
    routeKey: 'customBranding',
    rule: (s) => hasRootPermission(s, CUSTOM_DASHBOARD_BRANDING_PERMISSION),
  },
];

function visibleItems(definitions: readonly MenuDefinition[], subject: AccessSubject, moduleNames: ModuleNames): MenuItem[] {
  const shown: MenuItem[] = [];
  for (const definition of definitions) {
    if (!definition.rule(subject)) continue;
    if (definition.routeKey !== undefined && !canAccessRoute(definition.routeKey, subject)) continue;
    const children = definition.children ? visibleItems(definition.children, subject, moduleNames) : undefined;
    if (children !== undefined && children.length === 0) continue;
    shown.push({
      key: definition.key,
      id: definition.id,
      title: formatModuleTitle(definition.title, moduleNames),
      ...(definition.path === undefined ? {} : { path: definition.path }),
      ...(definition.routeKey === undefined ? {} : { routeKey: definition.routeKey }),
      ...(children === undefined ? {} : { children }),
    });
  }
  return shown;
}

/** The permission-filtered menu, in the spec's order, with the module names filled in. */
export function visibleMenu(subject: AccessSubject, moduleNames: ModuleNames = DEFAULT_MODULE_NAMES): MenuItem[] {
  return visibleItems(MENU, subject, moduleNames);
}

/** The keys of every shown item (groups and children), flattened in menu order. */
export function visibleMenuKeys(subject: AccessSubject): MenuItemKey[] {
  const keys: MenuItemKey[] = [];
  const walk = (items: readonly MenuItem[]) => {
    for (const item of items) {
      keys.push(item.key);
      if (item.children) walk(item.children);
    }
  };
  walk(visibleMenu(subject));
  return keys;
}

export function isMenuItemVisible(key: MenuItemKey, subject: AccessSubject): boolean {
  return visibleMenuKeys(subject).includes(key);
}

// ---- header and breadcrumbs ----------------------------------------------------------------

/** The header's Profile entry: admin or data users, or any user when send_verification_email is on. */
export function showProfileEntry(subject: AccessSubject): boolean {
  return canAccess('profileEdit', subject, { targetUserId: subject.userId });
}

export interface Breadcrumb {
  readonly label: string;
  /** Present when the crumb is a link (a path under /ui). */
  readonly path?: string;
}

const DASHBOARD_ROUTE_KEYS: readonly ConsoleRouteKey[] = ['dashboard', 'dashboard.incidentManager', 'dashboard.messages', 'dashboard.profile'];

/**
 * Breadcrumbs: a link to Dashboard, then the page name (none on Dashboard, including its child
 * routes). Schedule Message gets a Message Calendar link before the page name; Create and Update
 * Audio Noticeboard get an Audio Noticeboard link.
 */
export function breadcrumbs(routeKey: ConsoleRouteKey, moduleNames: ModuleNames = DEFAULT_MODULE_NAMES): Breadcrumb[] {
  const crumbs: Breadcrumb[] = [{ label: 'Dashboard', path: '/' }];
  if (DASHBOARD_ROUTE_KEYS.includes(routeKey)) return crumbs;
  if (routeKey === 'message.scheduleMessage') crumbs.push({ label: 'Message Calendar', path: '/message/calendar' });
  if (routeKey === 'audioNoticeboard.create' || routeKey === 'audioNoticeboard.update')
    crumbs.push({ label: 'Audio Noticeboard', path: '/audio_noticeboard' });
  crumbs.push({ label: routePageName(routeKey, moduleNames) });
  return crumbs;
}

// ---- logout --------------------------------------------------------------------------------

/**
 * Where logout goes: with "Custom dashboard branding", /ui/ followed by the group's brand login URL;
 * otherwise /ui/login. A missing or empty brand login URL also goes to /ui/login (the spec does not
 * cover it, and /ui/ alone is not a login page).
 */
export function logoutDestination(rootPermissions: readonly string[], brandLoginUrl: string | null | undefined): string {
  const brand = (brandLoginUrl ?? '').trim().replace(/^\/+/, '');
  if (hasRootPermission({ rootPermissions }, CUSTOM_DASHBOARD_BRANDING_PERMISSION) && brand !== '') return `${UI_BASENAME}/${brand}`;
  return `${UI_BASENAME}/login`;
}
