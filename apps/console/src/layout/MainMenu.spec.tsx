import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from '@jest/globals';
import { CUSTOMER_PERMISSIONS, type CustomerPermission } from '@beacon/domain';
import { visibleMenu, type MenuItem } from '@beacon/contracts';
import { subjectFor } from '@beacon/contracts/testing';
import { DEMO_ROOT_PERMISSIONS, aSessionAs, renderConsoleAs } from '../testing/render-console-as';

/** Opens every group of the main menu, then reads its groups and links as a user sees them. */
async function readMainMenu() {
  const user = userEvent.setup();
  const menu = await screen.findByRole('navigation', { name: 'Main menu' });
  for (const group of within(menu).queryAllByRole('button', { expanded: false })) await user.click(group);
  return {
    groups: within(menu).queryAllByRole('button').map((button) => button.textContent),
    links: within(menu).queryAllByRole('link').map((link) => link.textContent),
  };
}

function splitMenu(items: readonly MenuItem[]): { groups: string[]; links: string[] } {
  const groups = items.filter((item) => item.children).map((item) => item.title);
  const links = items.flatMap((item) => (item.children ? item.children.map((child) => child.title) : [item.title]));
  return { groups, links };
}

/** The spec's menu table read by hand for the demo tenant (every root permission but "incident manager only", no noticeboard numbers). */
const DEMO_MENUS: Record<CustomerPermission, { groups: string[]; links: string[] }> = {
  ADMIN: {
    groups: ['Messages', 'Incidents', 'Manage Integrations'],
    links: [
      'Dashboard',
      'Create Message',
      'Send Message',
      'Message Calendar',
      'Message Reports',
      'Message Templates',
      'Start Incident',
      'Incident reports',
      'Incident settings',
      'Microsoft Teams',
      'Slack',
      'Manage Users',
      'Manage Datasets',
      'Media Library',
      'Help and Support',
      'Contact Support',
      'Activity Log',
      'Custom Branding',
    ],
  },
  OPERATOR: {
    groups: ['Messages', 'Incidents'],
    links: [
      'Dashboard',
      'Create Message',
      'Send Message',
      'Message Calendar',
      'Message Reports',
      'Message Templates',
      'Start Incident',
      'Incident reports',
      'Incident settings',
      'Media Library',
      'Help and Support',
      'Contact Support',
    ],
  },
  SENDER: {
    groups: ['Messages', 'Incidents'],
    links: ['Dashboard', 'Send Message', 'Message Calendar', 'Message Reports', 'Start Incident', 'Incident reports', 'Help and Support', 'Contact Support'],
  },
  CONTACT: { groups: [], links: ['Dashboard', 'Media Library', 'Contact Support'] },
  DATA: { groups: [], links: ['Dashboard', 'Manage Users', 'Media Library', 'Help and Support', 'Contact Support'] },
};

describe('main menu of each demo role', () => {
  it.each(CUSTOMER_PERMISSIONS)('%s sees exactly the shared menu rules’ items, as the spec’s table says', async (role) => {
    renderConsoleAs(aSessionAs(role), '/');

    const shown = await readMainMenu();

    expect(shown).toEqual(splitMenu(visibleMenu(subjectFor(role, { rootPermissions: DEMO_ROOT_PERMISSIONS }))));
    expect(shown).toEqual(DEMO_MENUS[role]);
  });

  it('offers a sender Send Message but not Create Message', async () => {
    renderConsoleAs(aSessionAs('SENDER'), '/');
    const { links } = await readMainMenu();
    expect(links).toContain('Send Message');
    expect(links).not.toContain('Create Message');
  });

  it('hides Calendar, Reports and Templates from a temporary operator', async () => {
    renderConsoleAs(aSessionAs('OPERATOR', { isTemporary: true }), '/');
    const { links } = await readMainMenu();
    expect(links).toContain('Send Message');
    expect(links).not.toContain('Message Calendar');
    expect(links).not.toContain('Message Reports');
    expect(links).not.toContain('Message Templates');
    expect(links).not.toContain('Media Library');
  });

  it('shows Audio Noticeboard to a sender only with "Allow Senders to edit content" and noticeboard numbers', async () => {
    const settings = { noticeboard_numbers: ['+441234567890'] };
    renderConsoleAs(aSessionAs('SENDER', { settings }), '/');
    expect((await readMainMenu()).links).toContain('Audio Noticeboard');
  });

  it('shows no incidents section without an incident root permission', async () => {
    renderConsoleAs(aSessionAs('OPERATOR', { rootPermissions: ['Media library'] }), '/');
    const { groups, links } = await readMainMenu();
    expect(groups).toEqual(['Messages']);
    expect(links).not.toContain('Start Incident');
    expect(links).toContain('Media Library');
  });
});
