import { describe, expect, it } from '@jest/globals';
import { because } from '@beacon/testing';
import type { Browser } from 'playwright-core';
import { DEMO_ROOT_PERMISSIONS, DEMO_USERS } from '@beacon/command-api';
import type { AccessSubject, CustomerPermission } from '@beacon/domain';
import { DEFAULT_MODULE_NAMES, visibleMenu, type MenuItem } from '@beacon/contracts';
import { apiLogin, type AppProcess } from './support/app-process';
import { expectAccessible } from './support/axe';
import { chromiumMissingReason } from './support/browser';
import { consoleJourney, menuTitles, newConsolePage, readRenderedMenu, signInThroughLoginPage, type RenderedMenuItem } from './support/console';

if (chromiumMissingReason) console.log(`skipped: ${chromiumMissingReason}`);

let server: AppProcess;
let browser: Browser;

/** The demo group's settings, as the seed writes them: no noticeboard numbers, no verification email. */
const DEMO_GROUP_SETTINGS = { hasNoticeboardNumbers: false, sendVerificationEmail: false } as const;

function expectedMenu(user: (typeof DEMO_USERS)[number]): RenderedMenuItem[] {
  const subject: AccessSubject = {
    customerPermission: user.customerPermission,
    isTemporary: user.isTemporary,
    rootPermissions: DEMO_ROOT_PERMISSIONS,
    userId: user.userId,
    ...DEMO_GROUP_SETTINGS,
  };
  const toRendered = (item: MenuItem): RenderedMenuItem =>
    item.children
      ? { title: item.title, children: item.children.map(toRendered) }
      : { title: item.title, href: `/ui${item.path ?? '/'}`.replace(/\/+$/, '') };
  return visibleMenu(subject, DEFAULT_MODULE_NAMES).map(toRendered);
}

/**
 * Written from the spec's menu table by hand, not computed, so the journey does not merely mirror
 * visibleMenu: what each role must and must not find in its menu with the demo root permissions.
 */
const SPEC_EXPECTATIONS: Record<CustomerPermission, { shows: string[]; hides: string[] }> = {
  ADMIN: {
    shows: ['Dashboard', 'Activity Log', 'Manage Users', 'Manage Datasets', 'Custom Branding', 'Create Message', 'Incident settings'],
    // No noticeboard numbers in the demo group.
    hides: ['Audio Noticeboard'],
  },
  OPERATOR: {
    shows: ['Create Message', 'Send Message', 'Message Templates', 'Incidents', 'Start Incident', 'Incident settings', 'Help and Support'],
    hides: ['Activity Log', 'Manage Users', 'Manage Datasets', 'Custom Branding', 'Audio Noticeboard'],
  },
  SENDER: {
    shows: ['Messages', 'Send Message', 'Start Incident', 'Incident reports', 'Contact Support'],
    hides: ['Create Message', 'Message Templates', 'Incident settings', 'Activity Log', 'Manage Users', 'Media Library'],
  },
  CONTACT: {
    shows: ['Dashboard', 'Contact Support'],
    hides: ['Activity Log', 'Messages', 'Send Message', 'Incidents', 'Help and Support', 'Manage Users'],
  },
  DATA: {
    shows: ['Dashboard', 'Manage Users', 'Help and Support', 'Contact Support'],
    hides: ['Messages', 'Incidents', 'Activity Log', 'Custom Branding'],
  },
};

(chromiumMissingReason !== null ? describe.skip : describe)('each demo role sees exactly its menu', () => {
  consoleJourney({}, (started, launched) => {
    server = started;
    browser = launched;
  });

  it('the demo group is what the expected menus assume (root permissions and settings)', async () => {
    const token = await apiLogin(server.url, 'admin@demo.test');
    const group = (await fetch(`${server.url}/api/customer_group/self/`, { headers: { Authorization: `Token ${token}` } }).then((r) =>
      r.json(),
    )) as { root_customer_group_permissions: string[]; settings: unknown };
    expect([...group.root_customer_group_permissions].sort()).toEqual([...DEMO_ROOT_PERMISSIONS].sort());
    const settings = (typeof group.settings === 'string' ? JSON.parse(group.settings || '{}') : (group.settings ?? {})) as Record<string, unknown>;
    expect(settings['send_verification_email'] === true).toBe(false);
    expect(Array.isArray(settings['noticeboard_numbers']) && (settings['noticeboard_numbers'] as unknown[]).length > 0).toBe(false);
  });

  it.each(DEMO_USERS.map((user) => [user.customerPermission, user] as const))(
    '%s signs in through the login page and sees exactly its menu',
    async (role, user) => {
      const { context, page } = await newConsolePage(browser);
      try {
        await signInThroughLoginPage(page, server.url, user.email);
        const rendered = await readRenderedMenu(page);

        expect(rendered).toEqual(expectedMenu(user));

        const titles = menuTitles(rendered);
        const spec = SPEC_EXPECTATIONS[role];
        for (const title of spec.shows) because(`${role} sees "${title}"`, () => expect(titles).toContain(title));
        for (const title of spec.hides) because(`${role} does not see "${title}"`, () => expect(titles).not.toContain(title));

        // The whole page with every group of the menu open: header, menu and the role's Dashboard.
        await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
        await expectAccessible(page, `${role}'s Dashboard with its menu open`, 'body');
      } finally {
        await context.close();
      }
    },
    60_000,
  );
});
