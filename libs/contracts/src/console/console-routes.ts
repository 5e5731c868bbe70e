import { canAccess, type AccessSubject, type GuardContext, type GuardKind } from '@beacon/domain';

/**
 * Every route of the console (spec part 1 §2 and part 2 §2), as paths under the /ui basename in
 * React Router syntax (":id", optional ":story?", catch-all "*").
 *
 * Child routes carry `parent` and the page name of the page they belong to (a message-builder step is
 * still "Create Message"). Guards of child routes are the guard of their page. Edit form and edit rule
 * sit under /incidents/settings in the URL but are NOT children of it: the spec opens edit form to
 * senders, which the settings guard would refuse, so a router must not nest them under that guard.
 */
export const UI_BASENAME = '/ui';

/** The configurable incident module name (spec part 1 §1, §9: default Incident / Incidents). */
export interface ModuleNames {
  readonly singular: string;
  readonly plural: string;
}
export const DEFAULT_MODULE_NAMES: ModuleNames = { singular: 'Incident', plural: 'Incidents' };

/**
 * Fills "{module}" (singular) and "{modules}" (plural) in a title template. The configured names are
 * used verbatim (no case change), so with the defaults "Start {module}" reads "Start Incident".
 */
export function formatModuleTitle(template: string, names: ModuleNames = DEFAULT_MODULE_NAMES): string {
  return template.replaceAll('{modules}', names.plural).replaceAll('{module}', names.singular);
}

export interface ConsoleRoute<K extends string = string> {
  readonly key: K;
  readonly path: string;
  /** The page name as the spec names it. */
  readonly name: string;
  /** For incident pages: the name with the module name as "{module}" / "{modules}". */
  readonly nameTemplate?: string;
  readonly guard: GuardKind;
  readonly parent?: string;
  /** Where the route redirects to (a path pattern; parameters carry over). */
  readonly redirectTo?: string;
}

function route<const K extends string>(
  key: K,
  path: string,
  name: string,
  guard: GuardKind,
  extra: Pick<ConsoleRoute, 'nameTemplate' | 'redirectTo'> = {},
): ConsoleRoute<K> {
  return { key, path, name, guard, ...extra };
}

/** A child route: path and key extend the parent's; page name and (unless given) guard are the parent's. */
function child<P extends string, const S extends string>(
  parent: ConsoleRoute<P>,
  key: S,
  segment: string,
  extra: Pick<ConsoleRoute, 'redirectTo'> & { readonly guard?: GuardKind } = {},
): ConsoleRoute<`${P}.${S}`> {
  const path = parent.path === '/' ? `/${segment}` : `${parent.path}/${segment}`;
  return {
    key: `${parent.key}.${key}`,
    path,
    name: parent.name,
    ...(parent.nameTemplate === undefined ? {} : { nameTemplate: parent.nameTemplate }),
    guard: extra.guard ?? parent.guard,
    parent: parent.key,
    ...(extra.redirectTo === undefined ? {} : { redirectTo: extra.redirectTo }),
  };
}

/** The eight message-builder steps, shared by Create and Edit Message. */
export const MESSAGE_BUILDER_STEPS = ['settings', 'recipients', 'devices', 'sequence', 'content', 'noticeboard', 'trigger', 'finish'] as const;
export type MessageBuilderStep = (typeof MESSAGE_BUILDER_STEPS)[number];

const dashboard = route('dashboard', '/', 'Dashboard', 'signedIn');
const createMessage = route('message.create', '/message/scenario/add', 'Create Message', 'adminOperator', {
  redirectTo: '/message/scenario/add/settings',
});
const editMessage = route('message.edit', '/message_sending/scenario/edit/:id', 'Edit Message', 'adminOperatorSender');
const incidentSettings = route('incidents.settings', '/incidents/settings', 'Incident settings', 'incidentSettings', {
  nameTemplate: '{module} settings',
});
const teams = route('integrations.microsoftTeams', '/integration/microsoft_teams', 'Microsoft Teams', 'teams', {
  redirectTo: '/integration/microsoft_teams/list',
});
const slack = route('integrations.slack', '/integration/slack', 'Slack', 'slack', { redirectTo: '/integration/slack/list' });
const customBranding = route('customBranding', '/custom_branding', 'Custom Branding', 'adminOnly', {
  redirectTo: '/custom_branding/logo',
});
const datasets = route('datasets', '/datasets', 'Manage Datasets', 'adminOnly');
const datasetEdit = child(datasets, 'edit', ':id/edit', {
  redirectTo: '/datasets/:id/edit/devices',
});
const datasetSettings = child(datasetEdit, 'settings', 'settings');
const datasetSftp = child(datasetEdit, 'sftp', 'sftp');
const registrationEdit = child(datasetEdit, 'registrationEdit', 'registration/:rti_id/edit/:instance_index');
// Part 2 §2: /users is admin, operator, sender, data; /users/:id/edit is the profile-edit rule.
const users = route('users', '/users', 'Manage Users', 'adminOperatorSenderData');
const userEdit = child(users, 'edit', ':id/edit', { guard: 'profileEdit', redirectTo: '/users/:id/edit/devices' });

/** Signed-in routes, both parts of the spec. Order matters only for documentation; matching ranks by specificity. */
export const CONSOLE_ROUTES = [
  dashboard,
  child(dashboard, 'incidentManager', 'incident-manager'),
  child(dashboard, 'messages', 'messages'),
  child(dashboard, 'profile', 'profile'),

  createMessage,
  ...MESSAGE_BUILDER_STEPS.map((step) => child(createMessage, step, step)),
  editMessage,
  ...MESSAGE_BUILDER_STEPS.map((step) => child(editMessage, step, step)),
  route('message.send', '/message_sending', 'Send Message', 'adminOperatorSender'),
  // Part 2 §2: the list and update are on the sender rule, create on the admin/operator rule.
  route('audioNoticeboard.list', '/audio_noticeboard', 'Audio Noticeboard', 'audioNoticeboardSender'),
  route('audioNoticeboard.create', '/audio_noticeboard/add', 'Create Audio Noticeboard', 'audioNoticeboard'),
  route('audioNoticeboard.update', '/audio_noticeboard/:id', 'Update Audio Noticeboard', 'audioNoticeboardSender'),
  route('message.calendar', '/message/calendar', 'Message Calendar', 'adminOperatorSender'),
  route('message.scheduleMessage', '/message/calendar/schedule_message', 'Schedule Message', 'adminOperator'),
  route('message.sessions', '/message/sessions', 'Message Reports', 'adminOperatorSender'),
  route('message.dispatchDetails', '/message/sessions/:id/dispatch_details', 'Dispatch details', 'sessionReportDetail'),
  route('message.dispatchesOverview', '/message/sessions/:id/dispatches_overview', 'Dispatches overview', 'adminOperatorSender'),
  route('message.templates', '/message_managing', 'Message Templates', 'adminOperator'),

  route('incidents.start', '/incidents/start', 'Start incident', 'incident', { nameTemplate: 'Start {module}' }),
  route('incidents.create', '/incidents/start/create', 'Create incident', 'incident', { nameTemplate: 'Create {module}' }),
  route('incidents.edit', '/incidents/start/:id/edit', 'Edit incident', 'incident', { nameTemplate: 'Edit {module}' }),
  route('incidents.reports', '/incidents/reports', 'Incident reports', 'incident', { nameTemplate: '{module} reports' }),
  incidentSettings,
  child(incidentSettings, 'fields', 'fields'),
  child(incidentSettings, 'forms', 'forms'),
  child(incidentSettings, 'rules', 'rules'),
  child(incidentSettings, 'templates', 'templates'),
  route('incidents.formEdit', '/incidents/settings/forms/:id/edit', 'Edit form', 'incident'),
  route('incidents.ruleEdit', '/incidents/settings/rules/:id/edit', 'Edit rule', 'incidentSettings'),

  route('userImportOnCall', '/user_import_on_call', 'On-call import', 'adminOperator'),
  route('userImport', '/user_import', 'User import', 'adminData'),
  route('mediaLibrary', '/media_library', 'Media Library', 'mediaLibrary'),

  teams,
  child(teams, 'list', 'list'),
  child(teams, 'reports', 'reports'),
  slack,
  child(slack, 'list', 'list'),
  child(slack, 'reports', 'reports'),

  route('help', '/help', 'Help and Support', 'adminOperatorSenderData'),
  route('help.details', '/help/:id/details/:story?', 'Help and Support', 'adminOperatorSenderData'),
  route('contactSupport', '/contact-support', 'Contact Support', 'signedIn'),
  route('activityLog', '/activity_log', 'Activity Log', 'adminOnly'),
  // Not in the spec: the embedded email channel's local outbox, so account emails can be read without a mail server.
  route('emailOutbox', '/email_outbox', 'Email outbox', 'adminOnly'),
  // Not in the spec: what the channel simulator sent, and deliveries set aside for an admin to retry.
  route('simulatorOutbox', '/simulator/outbox', 'Simulator outbox', 'adminOnly'),
  route('deadLetters', '/dead_letters', 'Dead letters', 'adminOnly'),
  customBranding,
  child(customBranding, 'logo', 'logo'),
  child(customBranding, 'colours', 'colours'),
  child(customBranding, 'contact', 'contact'),
  child(customBranding, 'settings', 'settings'),

  datasets,
  datasetEdit,
  child(datasetEdit, 'devices', 'devices'),
  child(datasetEdit, 'data', 'data'),
  datasetSettings,
  child(datasetSettings, 'outboundAndInboundRouting', 'outbound-and-inbound-routing'),
  child(datasetSettings, 'userAndMaintenanceAndAccess', 'user-and-maintenance-and-access'),
  child(datasetSettings, 'messageSending', 'message-sending'),
  child(datasetEdit, 'audit', 'audit'),
  datasetSftp,
  child(datasetSftp, 'list', 'list'),
  child(datasetSftp, 'add', 'add/:charIndex'),
  child(datasetEdit, 'conference', 'conference'),
  child(datasetEdit, 'onCall', 'on-call'),
  child(datasetEdit, 'registration', 'registration'),
  registrationEdit,
  child(registrationEdit, 'settings', 'settings'),
  child(registrationEdit, 'fields', 'fields'),
  child(datasetEdit, 'mergeFields', 'merge-fields'),

  users,
  userEdit,
  child(userEdit, 'devices', 'devices'),
  child(userEdit, 'data', 'data'),
  child(userEdit, 'settings', 'settings'),
  child(userEdit, 'onCall', 'on_call'),

  // "A catch-all route requires sign-in."
  route('notFound', '*', 'Not found', 'signedIn'),
] as const;

export type ConsoleRouteKey = (typeof CONSOLE_ROUTES)[number]['key'];

/** Access of a public or authentication route, as the spec words it. */
export type PublicRouteAccess = 'guestsOnly' | 'noSignIn' | 'public' | 'signedIn';

export interface PublicRoute<K extends string = string> {
  readonly key: K;
  readonly path: string;
  readonly name: string;
  readonly access: PublicRouteAccess;
}

function publicRoute<const K extends string>(key: K, path: string, name: string, access: PublicRouteAccess): PublicRoute<K> {
  return { key, path, name, access };
}

/** Public and authentication routes (part 1 §2, part 2 §2). On public or branded hosts the subdomain selects the template. */
export const PUBLIC_ROUTES = [
  publicRoute('login', '/login', 'Login', 'guestsOnly'),
  publicRoute('login2fa', '/login_2fa', 'Second-factor login', 'noSignIn'),
  publicRoute('loginReset', '/login/reset', 'Password reset request', 'noSignIn'),
  publicRoute('loginFaq', '/login/faq', 'Login help', 'noSignIn'),
  publicRoute('brandLogin', '/:brand', 'Branded login page', 'guestsOnly'),
  publicRoute('setPassword', '/reset/:uid/:token', 'Set Password', 'noSignIn'),
  publicRoute('impersonateLogin', '/impersonate_login/:token', 'Impersonated login', 'public'),
  publicRoute('changePassword', '/change_password', 'Change password', 'signedIn'),
  publicRoute('incidentTemplate', '/incident-template', 'Public incident template page', 'public'),
  publicRoute('responsePage', '/r/:token', 'Respond to a message', 'public'),
  publicRoute('publicRegistration', '/public-registration/:id/:subdomain', 'Public self-registration landing', 'noSignIn'),
  publicRoute('publicRegistration.register', '/public-registration/:id/:subdomain/register', 'Register', 'noSignIn'),
  publicRoute('publicRegistration.deregister', '/public-registration/:id/:subdomain/deregister', 'Deregister', 'noSignIn'),
] as const;

export type PublicRouteKey = (typeof PUBLIC_ROUTES)[number]['key'];

const CONSOLE_ROUTES_BY_KEY = new Map<string, ConsoleRoute>(CONSOLE_ROUTES.map((r) => [r.key, r]));

export function consoleRoute(key: ConsoleRouteKey): ConsoleRoute<ConsoleRouteKey> {
  const found = CONSOLE_ROUTES_BY_KEY.get(key);
  if (!found) throw new Error(`Unknown console route: ${key}`);
  return found as ConsoleRoute<ConsoleRouteKey>;
}

export function isConsoleRouteKey(value: unknown): value is ConsoleRouteKey {
  return typeof value === 'string' && CONSOLE_ROUTES_BY_KEY.has(value);
}

/** The page name of a route, with the configured module name on incident pages. */
export function routePageName(key: ConsoleRouteKey, moduleNames: ModuleNames = DEFAULT_MODULE_NAMES): string {
  const { name, nameTemplate } = consoleRoute(key);
  return nameTemplate === undefined ? name : formatModuleTitle(nameTemplate, moduleNames);
}

/**
 * Whether the subject may open the route. For the profile-edit rule the target user is the route's
 * :id (pass the matched params) unless a context says otherwise.
 */
export function canAccessRoute(
  key: ConsoleRouteKey,
  subject: AccessSubject,
  params: Readonly<Record<string, string | undefined>> = {},
  context?: GuardContext,
): boolean {
  const { guard } = consoleRoute(key);
  const targetUserId = context?.targetUserId ?? params['id'];
  return canAccess(guard, subject, targetUserId === undefined ? {} : { targetUserId });
}

// ---- path matching -------------------------------------------------------------------------

/**
 * Splits a path into segments, ignoring a query or hash, the /ui basename, a trailing slash and empty
 * segments.
 */
export function pathSegments(pathname: string): string[] {
  const segments = patternSegments(pathname.split(/[?#]/, 1)[0]!);
  return segments[0] === UI_BASENAME.slice(1) ? segments.slice(1) : segments;
}

/** The segments of a route pattern (where "?" marks an optional parameter, not a query). */
function patternSegments(pattern: string): string[] {
  return pattern.split('/').filter((segment) => segment !== '');
}

/** Matches a pattern against a path; returns the decoded params, or undefined. */
export function matchPathPattern(pattern: string, pathname: string): Record<string, string> | undefined {
  const tokens = patternSegments(pattern);
  const segments = pathSegments(pathname);
  const params: Record<string, string> = {};
  const walk = (p: number, s: number): boolean => {
    if (p === tokens.length) return s === segments.length;
    const token = tokens[p]!;
    if (token === '*') {
      params['*'] = segments.slice(s).join('/');
      return true;
    }
    if (token.startsWith(':')) {
      const optional = token.endsWith('?');
      const name = token.slice(1, optional ? -1 : undefined);
      if (s < segments.length) {
        params[name] = safeDecode(segments[s]!);
        if (walk(p + 1, s + 1)) return true;
        delete params[name];
      }
      return optional && walk(p + 1, s);
    }
    return s < segments.length && segments[s] === token && walk(p + 1, s + 1);
  };
  return walk(0, 0) ? params : undefined;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Static segments outrank parameters, which outrank the catch-all (as in React Router). */
function specificity(pattern: string): number {
  return patternSegments(pattern).reduce((score, token) => {
    if (token === '*') return score - 1;
    if (token.startsWith(':')) return score + (token.endsWith('?') ? 1 : 2);
    return score + 10;
  }, 0);
}

export type RouteMatch =
  | { readonly kind: 'console'; readonly route: ConsoleRoute<ConsoleRouteKey>; readonly params: Record<string, string> }
  | { readonly kind: 'public'; readonly route: PublicRoute<PublicRouteKey>; readonly params: Record<string, string> };

/**
 * The route a path opens (with or without the /ui basename; a trailing slash is ignored, so the
 * menu's /media_library/ opens Media Library). The most specific pattern wins, so /acme is the
 * branded login page and /acme/x falls to the signed-in catch-all.
 */
export function matchRoute(pathname: string): RouteMatch | undefined {
  let best: { match: RouteMatch; score: number } | undefined;
  const consider = (match: RouteMatch) => {
    const score = specificity(match.route.path);
    if (!best || score > best.score) best = { match, score };
  };
  for (const candidate of PUBLIC_ROUTES) {
    const params = matchPathPattern(candidate.path, pathname);
    if (params) consider({ kind: 'public', route: candidate, params });
  }
  for (const candidate of CONSOLE_ROUTES) {
    const params = matchPathPattern(candidate.path, pathname);
    if (params) consider({ kind: 'console', route: candidate as ConsoleRoute<ConsoleRouteKey>, params });
  }
  return best?.match;
}
