import { screen, within } from '@testing-library/react';
import { describe, expect, it } from '@jest/globals';
import { aSessionAs, renderConsoleAs } from '../../testing/render-console-as';

async function dashboard() {
  return screen.findByRole('region', { name: 'Dashboard' });
}

const actionNames = () =>
  within(screen.getByRole('region', { name: 'Your main actions' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('DashboardPage', () => {
  it('says who is signed in, in which customer group, with which role', async () => {
    renderConsoleAs(aSessionAs('SENDER'), '/');
    const page = await dashboard();

    expect(within(page).getByRole('heading', { name: 'Welcome, Sam Demo' })).toBeTruthy();
    expect(within(page).getByText('sender@demo.test')).toBeTruthy();
    expect(within(page).getByText('Demo Organisation')).toBeTruthy();
    expect(within(page).getByText('Sender')).toBeTruthy();
  });

  it('offers an operator their main actions and empty open incidents and recent sessions', async () => {
    renderConsoleAs(aSessionAs('OPERATOR'), '/');
    const page = await dashboard();

    expect(actionNames()).toEqual(['Create Message', 'Send Message', 'Start Incident', 'Message Calendar', 'Message Reports', 'Media Library']);
    expect(within(within(page).getByRole('region', { name: 'Open incidents' })).getByText('No open incidents yet.')).toBeTruthy();
    expect(within(within(page).getByRole('region', { name: 'Recent sessions' })).getByText('No message sessions yet.')).toBeTruthy();
  });

  it('offers a sender only actions from their menu', async () => {
    renderConsoleAs(aSessionAs('SENDER'), '/');
    await dashboard();

    expect(actionNames()).toEqual(['Send Message', 'Start Incident', 'Message Calendar', 'Message Reports']);
  });

  it('shows a contact their actions and no incidents or sessions', async () => {
    renderConsoleAs(aSessionAs('CONTACT'), '/');
    const page = await dashboard();

    expect(actionNames()).toEqual(['Media Library', 'Contact Support']);
    expect(within(page).queryByRole('region', { name: 'Open incidents' })).toBeNull();
    expect(within(page).queryByRole('region', { name: 'Recent sessions' })).toBeNull();
  });

  it('leaves out open incidents without an incident root permission', async () => {
    renderConsoleAs(aSessionAs('OPERATOR', { rootPermissions: ['Media library'] }), '/');
    const page = await dashboard();
    expect(within(page).queryByRole('region', { name: 'Open incidents' })).toBeNull();
    expect(actionNames()).not.toContain('Start Incident');
  });

  it('names incidents with the group’s module name', async () => {
    renderConsoleAs({ ...aSessionAs('SENDER'), incidentModuleSettings: { module_name: 'Case', module_name_plural: 'Cases' } }, '/');
    const page = await dashboard();

    const panel = within(page).getByRole('region', { name: 'Open cases' });
    expect(within(panel).getByText('No open cases yet.')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Case reports' }).getAttribute('href')).toBe('/incidents/reports');
  });

  it('shows a data user Manage Users and no message sessions', async () => {
    renderConsoleAs(aSessionAs('DATA'), '/');
    const page = await dashboard();

    expect(actionNames()).toEqual(['Manage Users', 'Media Library', 'Help and Support']);
    expect(within(page).queryByRole('region', { name: 'Recent sessions' })).toBeNull();
  });
});
