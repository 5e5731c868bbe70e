import { describe, expect, it } from '@jest/globals';
import { CUSTOMER_PERMISSIONS, ROOT_PERMISSIONS, type RootPermission } from '@beacon/domain';
import { MENU_EXPECTATIONS, expandMenuExpectations, subjectFor } from '../testing/access-expectations';
import { canAccessRoute, type ConsoleRouteKey } from './console-routes';
import {
  MENU_ITEM_KEYS,
  breadcrumbs,
  isIncidentMenuItem,
  isMenuItemVisible,
  logoutDestination,
  showProfileEntry,
  visibleMenu,
  visibleMenuKeys,
  type MenuItem,
} from './menu';

const EVERYTHING = { rootPermissions: ROOT_PERMISSIONS, hasNoticeboardNumbers: true, sendVerificationEmail: true };

describe('menu visibility (spec part 1 §6)', () => {
  it.each(expandMenuExpectations().map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(isMenuItemVisible(c.row.item, c.subject)).toBe(c.expected);
  });

  it('has spec expectations for every menu item', () => {
    const covered = new Set(MENU_EXPECTATIONS.map((row) => row.item));
    expect(MENU_ITEM_KEYS.filter((key) => !covered.has(key))).toEqual([]);
  });

  it('never shows an item whose route guard would log the user out', () => {
    const relevant: RootPermission[] = [
      'Audio noticeboard',
      'Allow Senders to edit content',
      'Show Incident Manager dashboard only',
      'Use Microsoft Teams',
      'Use Slack',
      'Media library',
      'Custom dashboard branding',
    ];
    const subsets = relevant.reduce<RootPermission[][]>((all, p) => [...all, ...all.map((s) => [...s, p])], [[]]);
    const walk = (items: readonly MenuItem[], check: (routeKey: ConsoleRouteKey) => void) =>
      items.forEach((item) => {
        if (item.routeKey) check(item.routeKey);
        if (item.children) walk(item.children, check);
      });
    for (const role of CUSTOMER_PERMISSIONS)
      for (const rootPermissions of subsets)
        for (const isTemporary of [false, true])
          for (const hasNoticeboardNumbers of [false, true]) {
            const subject = subjectFor(role, { rootPermissions, isTemporary, hasNoticeboardNumbers });
            walk(visibleMenu(subject), (routeKey) => expect([`${role} ${routeKey}`, canAccessRoute(routeKey, subject)]).toEqual([`${role} ${routeKey}`, true]));
          }
  });

  it('lists the items in the spec order, with paths, ids and module names, for an admin holding everything', () => {
    const menu = visibleMenu(subjectFor('ADMIN', EVERYTHING), { singular: 'Case', plural: 'Cases' });
    const flat = (items: readonly MenuItem[]): unknown[] =>
      items.map((item) => (item.children ? [item.id, item.title, flat(item.children)] : [item.id, item.title, item.path]));
    expect(flat(menu)).toEqual([
      [1, 'Dashboard', '/'],
      [
        2,
        'Messages',
        [
          [201, 'Create Message', '/message/scenario/add'],
          [202, 'Send Message', '/message_sending'],
          [203, 'Audio Noticeboard', '/audio_noticeboard'],
          [204, 'Message Calendar', '/message/calendar'],
          [205, 'Message Reports', '/message/sessions'],
          [206, 'Message Templates', '/message_managing'],
        ],
      ],
      [
        3,
        'Cases',
        [
          [301, 'Start Case', '/incidents/start'],
          [302, 'Case reports', '/incidents/reports'],
          [303, 'Case settings', '/incidents/settings'],
        ],
      ],
      [
        4,
        'Manage Integrations',
        [
          [401, 'Microsoft Teams', '/integration/microsoft_teams'],
          [402, 'Slack', '/integration/slack'],
        ],
      ],
      [5, 'Manage Users', '/users'],
      [6, 'Manage Datasets', '/datasets'],
      [7, 'Media Library', '/media_library/'],
      [8, 'Help and Support', '/help'],
      [9, 'Contact Support', '/contact-support'],
      [10, 'Activity Log', '/activity_log'],
      [11, 'Custom Branding', '/custom_branding'],
    ]);
    expect(visibleMenuKeys(subjectFor('ADMIN', EVERYTHING))).toEqual(MENU_ITEM_KEYS);
  });

  it('uses the default module names', () => {
    const incidents = visibleMenu(subjectFor('OPERATOR', { rootPermissions: ['Show {product} + Incident Manager dashboard'] })).find(
      (item) => item.key === 'incidents',
    );
    expect(incidents?.title).toBe('Incidents');
    expect(incidents?.children?.map((child) => child.title)).toEqual(['Start Incident', 'Incident reports', 'Incident settings']);
  });

  it('marks exactly the incident items for incident styling', () => {
    const styled: number[] = [];
    const walk = (items: readonly MenuItem[]) =>
      items.forEach((item) => {
        if (isIncidentMenuItem(item)) styled.push(item.id);
        if (item.children) walk(item.children);
      });
    walk(visibleMenu(subjectFor('ADMIN', EVERYTHING)));
    expect(styled).toEqual([3, 301, 302, 303]);
  });

  it('shows a contact only Dashboard and Contact Support by default', () => {
    expect(visibleMenuKeys(subjectFor('CONTACT'))).toEqual(['dashboard', 'contactSupport']);
  });
});

describe('profile entry (spec part 1 §2 layout)', () => {
  it.each([
    ['ADMIN', false, true],
    ['DATA', false, true],
    ['OPERATOR', false, false],
    ['SENDER', false, false],
    ['CONTACT', false, false],
    ['OPERATOR', true, true],
    ['SENDER', true, true],
    ['CONTACT', true, true],
  ] as const)('%s, send_verification_email %s → %s', (role, sendVerificationEmail, expected) => {
    expect(showProfileEntry(subjectFor(role, { sendVerificationEmail }))).toBe(expected);
  });
});

describe('breadcrumbs (spec part 1 §2 layout, part 2 §2)', () => {
  const dashboard = { label: 'Dashboard', path: '/' };
  it.each([
    ['dashboard', [dashboard]],
    ['dashboard.profile', [dashboard]],
    ['message.calendar', [dashboard, { label: 'Message Calendar' }]],
    ['message.scheduleMessage', [dashboard, { label: 'Message Calendar', path: '/message/calendar' }, { label: 'Schedule Message' }]],
    ['audioNoticeboard.list', [dashboard, { label: 'Audio Noticeboard' }]],
    ['audioNoticeboard.create', [dashboard, { label: 'Audio Noticeboard', path: '/audio_noticeboard' }, { label: 'Create Audio Noticeboard' }]],
    ['audioNoticeboard.update', [dashboard, { label: 'Audio Noticeboard', path: '/audio_noticeboard' }, { label: 'Update Audio Noticeboard' }]],
    ['message.create.recipients', [dashboard, { label: 'Create Message' }]],
    ['users.edit.onCall', [dashboard, { label: 'Manage Users' }]],
    ['incidents.reports', [dashboard, { label: 'Incident reports' }]],
  ] as const)('%s', (key, expected) => {
    expect(breadcrumbs(key)).toEqual(expected);
  });

  it('names incident pages with the module name', () => {
    expect(breadcrumbs('incidents.start', { singular: 'Case', plural: 'Cases' })).toEqual([dashboard, { label: 'Start Case' }]);
  });
});

describe('logout destination (spec part 1 §2 layout)', () => {
  it.each([
    [['Custom dashboard branding'], 'acme', '/ui/acme'],
    [['Custom dashboard branding', 'Media library'], '/acme', '/ui/acme'],
    [['Media library'], 'acme', '/ui/login'],
    [[], 'acme', '/ui/login'],
    [['Custom dashboard branding'], '', '/ui/login'],
    [['Custom dashboard branding'], null, '/ui/login'],
    [['Custom dashboard branding'], undefined, '/ui/login'],
  ] as const)('%j with brand login url %j → %s', (rootPermissions, brandLoginUrl, expected) => {
    expect(logoutDestination(rootPermissions, brandLoginUrl)).toBe(expected);
  });
});
