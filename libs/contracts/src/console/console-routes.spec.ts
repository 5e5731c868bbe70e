import { describe, expect, it } from '@jest/globals';
import { RESERVED_BRAND_LOGIN_URLS, type GuardKind } from '@beacon/domain';
import { subjectFor } from '../testing/access-expectations';
import {
  CONSOLE_ROUTES,
  MESSAGE_BUILDER_STEPS,
  PUBLIC_ROUTES,
  UI_BASENAME,
  canAccessRoute,
  consoleRoute,
  isConsoleRouteKey,
  matchPathPattern,
  matchRoute,
  routePageName,
  type ConsoleRouteKey,
  type PublicRouteAccess,
  type PublicRouteKey,
} from './console-routes';

/** Every signed-in route of both spec tables: a concrete path, the route it opens, its page name and guard. */
const SIGNED_IN_ROUTES: readonly (readonly [string, ConsoleRouteKey, string, GuardKind])[] = [
  ['/', 'dashboard', 'Dashboard', 'signedIn'],
  ['/incident-manager', 'dashboard.incidentManager', 'Dashboard', 'signedIn'],
  ['/messages', 'dashboard.messages', 'Dashboard', 'signedIn'],
  ['/profile', 'dashboard.profile', 'Dashboard', 'signedIn'],
  ['/message/scenario/add', 'message.create', 'Create Message', 'adminOperator'],
  ...MESSAGE_BUILDER_STEPS.map(
    (step) => [`/message/scenario/add/${step}`, `message.create.${step}`, 'Create Message', 'adminOperator'] as const,
  ),
  ['/message_sending/scenario/edit/12', 'message.edit', 'Edit Message', 'adminOperatorSender'],
  ...MESSAGE_BUILDER_STEPS.map(
    (step) => [`/message_sending/scenario/edit/12/${step}`, `message.edit.${step}`, 'Edit Message', 'adminOperatorSender'] as const,
  ),
  ['/message_sending', 'message.send', 'Send Message', 'adminOperatorSender'],
  ['/audio_noticeboard', 'audioNoticeboard.list', 'Audio Noticeboard', 'audioNoticeboardSender'],
  ['/audio_noticeboard/add', 'audioNoticeboard.create', 'Create Audio Noticeboard', 'audioNoticeboard'],
  ['/audio_noticeboard/9', 'audioNoticeboard.update', 'Update Audio Noticeboard', 'audioNoticeboardSender'],
  ['/message/calendar', 'message.calendar', 'Message Calendar', 'adminOperatorSender'],
  ['/message/calendar/schedule_message', 'message.scheduleMessage', 'Schedule Message', 'adminOperator'],
  ['/message/sessions', 'message.sessions', 'Message Reports', 'adminOperatorSender'],
  ['/message/sessions/4/dispatch_details', 'message.dispatchDetails', 'Dispatch details', 'sessionReportDetail'],
  ['/message/sessions/4/dispatches_overview', 'message.dispatchesOverview', 'Dispatches overview', 'adminOperatorSender'],
  ['/message_managing', 'message.templates', 'Message Templates', 'adminOperator'],
  ['/incidents/start', 'incidents.start', 'Start incident', 'incident'],
  ['/incidents/start/create', 'incidents.create', 'Create incident', 'incident'],
  ['/incidents/start/5/edit', 'incidents.edit', 'Edit incident', 'incident'],
  ['/incidents/reports', 'incidents.reports', 'Incident reports', 'incident'],
  ['/incidents/settings', 'incidents.settings', 'Incident settings', 'incidentSettings'],
  ['/incidents/settings/fields', 'incidents.settings.fields', 'Incident settings', 'incidentSettings'],
  ['/incidents/settings/forms', 'incidents.settings.forms', 'Incident settings', 'incidentSettings'],
  ['/incidents/settings/rules', 'incidents.settings.rules', 'Incident settings', 'incidentSettings'],
  ['/incidents/settings/templates', 'incidents.settings.templates', 'Incident settings', 'incidentSettings'],
  ['/incidents/settings/forms/3/edit', 'incidents.formEdit', 'Edit form', 'incident'],
  ['/incidents/settings/rules/3/edit', 'incidents.ruleEdit', 'Edit rule', 'incidentSettings'],
  ['/user_import_on_call', 'userImportOnCall', 'On-call import', 'adminOperator'],
  ['/user_import', 'userImport', 'User import', 'adminData'],
  ['/media_library', 'mediaLibrary', 'Media Library', 'mediaLibrary'],
  ['/media_library/', 'mediaLibrary', 'Media Library', 'mediaLibrary'],
  ['/integration/microsoft_teams', 'integrations.microsoftTeams', 'Microsoft Teams', 'teams'],
  ['/integration/microsoft_teams/list', 'integrations.microsoftTeams.list', 'Microsoft Teams', 'teams'],
  ['/integration/microsoft_teams/reports', 'integrations.microsoftTeams.reports', 'Microsoft Teams', 'teams'],
  ['/integration/slack', 'integrations.slack', 'Slack', 'slack'],
  ['/integration/slack/list', 'integrations.slack.list', 'Slack', 'slack'],
  ['/integration/slack/reports', 'integrations.slack.reports', 'Slack', 'slack'],
  ['/help', 'help', 'Help and Support', 'adminOperatorSenderData'],
  ['/help/7/details', 'help.details', 'Help and Support', 'adminOperatorSenderData'],
  ['/help/7/details/intro', 'help.details', 'Help and Support', 'adminOperatorSenderData'],
  ['/contact-support', 'contactSupport', 'Contact Support', 'signedIn'],
  ['/activity_log', 'activityLog', 'Activity Log', 'adminOnly'],
  ['/email_outbox', 'emailOutbox', 'Email outbox', 'adminOnly'],
  ['/simulator/outbox', 'simulatorOutbox', 'Simulator outbox', 'adminOnly'],
  ['/dead_letters', 'deadLetters', 'Dead letters', 'adminOnly'],
  ['/custom_branding', 'customBranding', 'Custom Branding', 'adminOnly'],
  ['/custom_branding/logo', 'customBranding.logo', 'Custom Branding', 'adminOnly'],
  ['/custom_branding/colours', 'customBranding.colours', 'Custom Branding', 'adminOnly'],
  ['/custom_branding/contact', 'customBranding.contact', 'Custom Branding', 'adminOnly'],
  ['/custom_branding/settings', 'customBranding.settings', 'Custom Branding', 'adminOnly'],
  ['/datasets', 'datasets', 'Manage Datasets', 'adminOnly'],
  ['/datasets/2/edit', 'datasets.edit', 'Manage Datasets', 'adminOnly'],
  ['/datasets/2/edit/devices', 'datasets.edit.devices', 'Manage Datasets', 'adminOnly'],
  ['/datasets/2/edit/data', 'datasets.edit.data', 'Manage Datasets', 'adminOnly'],
  ['/datasets/2/edit/settings', 'datasets.edit.settings', 'Manage Datasets', 'adminOnly'],
  ['/datasets/2/edit/settings/outbound-and-inbound-routing', 'datasets.edit.settings.outboundAndInboundRouting', 'Manage Datasets', 'adminOnly'],
  ['/datasets/2/edit/settings/user-and-maintenance-and-access', 'datasets.edit.settings.userAndMaintenanceAndAccess', 'Manage Datasets', 'adminOnly'],
  ['/datasets/2/edit/settings/message-sending', 'datasets.edit.settings.messageSending', 'Manage Datasets', 'adminOnly'],
  ['/datasets/2/edit/audit', 'datasets.edit.audit', 'Manage Datasets', 'adminOnly'],
  ['/datasets/2/edit/sftp', 'datasets.edit.sftp', 'Manage Datasets', 'adminOnly'],
  ['/datasets/2/edit/sftp/list', 'datasets.edit.sftp.list', 'Manage Datasets', 'adminOnly'],
  ['/datasets/2/edit/sftp/add/3', 'datasets.edit.sftp.add', 'Manage Datasets', 'adminOnly'],
  ['/datasets/2/edit/conference', 'datasets.edit.conference', 'Manage Datasets', 'adminOnly'],
  ['/datasets/2/edit/on-call', 'datasets.edit.onCall', 'Manage Datasets', 'adminOnly'],
  ['/datasets/2/edit/registration', 'datasets.edit.registration', 'Manage Datasets', 'adminOnly'],
  ['/datasets/2/edit/registration/8/edit/0', 'datasets.edit.registrationEdit', 'Manage Datasets', 'adminOnly'],
  ['/datasets/2/edit/registration/8/edit/0/settings', 'datasets.edit.registrationEdit.settings', 'Manage Datasets', 'adminOnly'],
  ['/datasets/2/edit/registration/8/edit/0/fields', 'datasets.edit.registrationEdit.fields', 'Manage Datasets', 'adminOnly'],
  ['/datasets/2/edit/merge-fields', 'datasets.edit.mergeFields', 'Manage Datasets', 'adminOnly'],
  ['/users', 'users', 'Manage Users', 'adminOperatorSenderData'],
  ['/users/6/edit', 'users.edit', 'Manage Users', 'profileEdit'],
  ['/users/6/edit/devices', 'users.edit.devices', 'Manage Users', 'profileEdit'],
  ['/users/6/edit/data', 'users.edit.data', 'Manage Users', 'profileEdit'],
  ['/users/6/edit/settings', 'users.edit.settings', 'Manage Users', 'profileEdit'],
  ['/users/6/edit/on_call', 'users.edit.onCall', 'Manage Users', 'profileEdit'],
  ['/no/such/page', 'notFound', 'Not found', 'signedIn'],
];

const PUBLIC: readonly (readonly [string, PublicRouteKey, PublicRouteAccess])[] = [
  ['/login', 'login', 'guestsOnly'],
  ['/login_2fa', 'login2fa', 'noSignIn'],
  ['/login/reset', 'loginReset', 'noSignIn'],
  ['/login/faq', 'loginFaq', 'noSignIn'],
  ['/acme', 'brandLogin', 'guestsOnly'],
  ['/reset/MQ/abc-123', 'setPassword', 'noSignIn'],
  ['/impersonate_login/tok', 'impersonateLogin', 'public'],
  ['/change_password', 'changePassword', 'signedIn'],
  ['/incident-template', 'incidentTemplate', 'public'],
  ['/r/AbCdEfGhIjKlMnOpQrStUv', 'responsePage', 'public'],
  ['/public-registration/4/acme', 'publicRegistration', 'noSignIn'],
  ['/public-registration/4/acme/register', 'publicRegistration.register', 'noSignIn'],
  ['/public-registration/4/acme/deregister', 'publicRegistration.deregister', 'noSignIn'],
];

describe('console routes', () => {
  it.each(SIGNED_IN_ROUTES)('%s opens %s ("%s", guard %s)', (path, key, name, guard) => {
    const match = matchRoute(path);
    expect(match?.kind).toBe('console');
    expect(match?.route.key).toBe(key);
    expect(match?.route.name).toBe(name);
    expect(consoleRoute(key).guard).toBe(guard);
  });

  it.each(PUBLIC)('%s opens the public route %s (%s)', (path, key, access) => {
    const match = matchRoute(path);
    expect(match).toMatchObject({ kind: 'public', route: { key, access } });
  });

  it('lists every route of the spec tables and nothing else', () => {
    expect(new Set(SIGNED_IN_ROUTES.map(([, key]) => key))).toEqual(new Set(CONSOLE_ROUTES.map((r) => r.key)));
    expect(new Set(PUBLIC.map(([, key]) => key))).toEqual(new Set(PUBLIC_ROUTES.map((r) => r.key)));
  });

  it('has unique keys and paths', () => {
    const all = [...CONSOLE_ROUTES, ...PUBLIC_ROUTES];
    expect(new Set(all.map((r) => r.key)).size).toBe(all.length);
    expect(new Set(all.map((r) => r.path)).size).toBe(all.length);
  });

  it('accepts the /ui basename, trailing slashes, query strings and encoded segments', () => {
    expect(matchRoute('/ui/media_library/')?.route.key).toBe('mediaLibrary');
    expect(matchRoute('/ui')?.route.key).toBe('dashboard');
    expect(matchRoute('/ui/message/sessions?page=2#top')?.route.key).toBe('message.sessions');
    expect(matchRoute('/help/7/details/a%20story')?.params).toEqual({ id: '7', story: 'a story' });
    expect(matchRoute('/datasets/2/edit/registration/8/edit/0/fields')?.params).toEqual({ id: '2', rti_id: '8', instance_index: '0' });
    expect(matchRoute('/acme/x')?.route.key).toBe('notFound');
  });

  it('matches patterns strictly', () => {
    expect(matchPathPattern('/users/:id/edit', '/users/6/edit')).toEqual({ id: '6' });
    expect(matchPathPattern('/users/:id/edit', '/users/6')).toBeUndefined();
    expect(matchPathPattern('/users/:id/edit', '/users/6/edit/more')).toBeUndefined();
    expect(matchPathPattern('/help/:id/details/:story?', '/help/1/details')).toEqual({ id: '1' });
    expect(matchPathPattern('*', '/a/b')).toEqual({ '*': 'a/b' });
  });

  it('keeps edit form and edit rule out of the settings route so senders can edit forms', () => {
    expect(consoleRoute('incidents.formEdit').parent).toBeUndefined();
    expect(consoleRoute('incidents.settings.forms').parent).toBe('incidents.settings');
    const sender = subjectFor('SENDER', { rootPermissions: ['Show Incident Manager dashboard only'] });
    expect(canAccessRoute('incidents.formEdit', sender)).toBe(true);
    expect(canAccessRoute('incidents.ruleEdit', sender)).toBe(false);
  });

  it.each([
    ['message.create', '/message/scenario/add/settings'],
    ['integrations.microsoftTeams', '/integration/microsoft_teams/list'],
    ['integrations.slack', '/integration/slack/list'],
    ['customBranding', '/custom_branding/logo'],
    ['datasets.edit', '/datasets/:id/edit/devices'],
    ['users.edit', '/users/:id/edit/devices'],
  ] as const)('%s redirects to %s', (key, target) => {
    expect(consoleRoute(key).redirectTo).toBe(target);
    const match = matchRoute(target.replace(':id', '1'));
    expect(match?.kind === 'console' ? match.route.parent : undefined).toBe(key);
  });

  it('opens the email outbox to admins only', () => {
    expect(canAccessRoute('emailOutbox', subjectFor('ADMIN'))).toBe(true);
    for (const role of ['OPERATOR', 'SENDER', 'CONTACT', 'DATA'] as const) expect(canAccessRoute('emailOutbox', subjectFor(role))).toBe(false);
  });

  it('takes the profile-edit target from the route id', () => {
    const sender = subjectFor('SENDER', { sendVerificationEmail: true });
    expect(canAccessRoute('users.edit', sender, { id: 'user-1' })).toBe(true);
    expect(canAccessRoute('users.edit.devices', sender, { id: 'user-2' })).toBe(false);
    expect(canAccessRoute('users.edit', sender)).toBe(false);
    expect(canAccessRoute('users.edit', sender, { id: 'user-2' }, { targetUserId: 'user-1' })).toBe(true);
    expect(canAccessRoute('users', sender)).toBe(true);
    expect(canAccessRoute('users', subjectFor('CONTACT'))).toBe(false);
  });

  it('names incident pages with the configured module name', () => {
    const cases = { singular: 'Case', plural: 'Cases' };
    expect(routePageName('incidents.start', cases)).toBe('Start Case');
    expect(routePageName('incidents.reports', cases)).toBe('Case reports');
    expect(routePageName('incidents.settings.forms', cases)).toBe('Case settings');
    expect(routePageName('incidents.formEdit', cases)).toBe('Edit form');
    expect(routePageName('incidents.start')).toBe('Start Incident');
    expect(routePageName('message.calendar', cases)).toBe('Message Calendar');
  });

  it('recognises route keys', () => {
    expect(isConsoleRouteKey('message.edit.finish')).toBe(true);
    expect(isConsoleRouteKey('login')).toBe(false);
    expect(() => consoleRoute('nope' as ConsoleRouteKey)).toThrow('Unknown console route: nope');
  });
});

describe('brand login URLs', () => {
  it('are refused for the first segment of every route, so a brand never hides a console page', () => {
    const firstSegments = [...CONSOLE_ROUTES, ...PUBLIC_ROUTES]
      .map((route) => route.path.split('/').find((segment) => segment !== ''))
      .filter((segment): segment is string => segment !== undefined && !segment.startsWith(':') && segment !== '*');
    expect(firstSegments.filter((segment) => !RESERVED_BRAND_LOGIN_URLS.has(segment))).toEqual([]);
    expect(RESERVED_BRAND_LOGIN_URLS.has(UI_BASENAME.slice(1))).toBe(true);
  });
});
