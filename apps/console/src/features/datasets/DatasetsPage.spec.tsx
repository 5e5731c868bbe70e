import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ApiError, SERVER_ERROR_TEXT } from '../../api/api-error';
import { publishLiveUpdate } from '../../live/live-incidents';
import { aSessionAs, renderConsoleAs } from '../../testing/render-console-as';
import { currentPath, descriptionOf } from '../../testing/sign-in';
import { CUSTOMER_GROUPS_LIVE_RESOURCE } from './datasets-api';
import { FakeCustomerGroupsServer } from './testing/fake-customer-groups-server';

// The page is a lazy chunk: loading it once up front keeps the first test within the find timeouts.
beforeAll(async () => {
  await import('./DatasetsPage');
});

function renderDatasets(server = new FakeCustomerGroupsServer()) {
  renderConsoleAs(aSessionAs('ADMIN'), '/datasets', {}, server.api);
  return { user: userEvent.setup(), server };
}

const tree = () => screen.findByRole('tree', { name: 'Customer groups' });
const item = (name: string) => screen.getByRole('treeitem', { name });
/** Each group shown, indented by its level, with its expanded state. */
const outline = () =>
  screen.getAllByRole('treeitem').map((treeItem) => {
    const level = Number(treeItem.getAttribute('aria-level'));
    const expanded = treeItem.getAttribute('aria-expanded');
    return `${'-'.repeat(level - 1)}${nameOf(treeItem)}${expanded === null ? '' : expanded === 'true' ? ' (open)' : ' (closed)'}`;
  });
const nameOf = (treeItem: HTMLElement) => document.getElementById(treeItem.getAttribute('aria-labelledby') ?? '')?.textContent ?? '';
const selected = () => screen.getAllByRole('treeitem').filter((treeItem) => treeItem.getAttribute('aria-selected') === 'true').map(nameOf);
const actions = () => screen.getByRole('group', { name: /^Change “/ });

describe('DatasetsPage', () => {
  it('shows the customer groups as a tree, each linking to its edit screen', async () => {
    renderDatasets();

    await tree();
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Datasets' })).toBeTruthy();
    expect(outline()).toEqual(['Demo Organisation (open)', '-North Region (open)', '--Oslo', '-South Region']);
    expect(within(item('Oslo')).getByRole('link', { name: 'Oslo' }).getAttribute('href')).toBe('/datasets/oslo/edit');
    // The top group is selected and is the tree's one tab stop.
    expect(selected()).toEqual(['Demo Organisation']);
    expect(screen.getAllByRole('treeitem').map((treeItem) => treeItem.tabIndex)).toEqual([0, -1, -1, -1]);
  });

  it('moves through the tree with the keyboard (arrows, Home, End, a first letter) and opens a group’s edit screen on Enter', async () => {
    const { user } = renderDatasets();
    await tree();

    act(() => item('Demo Organisation').focus());
    await user.keyboard('{ArrowDown}');
    expect(selected()).toEqual(['North Region']);
    expect(document.activeElement).toBe(item('North Region'));
    expect(screen.getByRole('heading', { level: 2, name: 'North Region' })).toBeTruthy();

    await user.keyboard('{ArrowLeft}');
    expect(outline()).toEqual(['Demo Organisation (open)', '-North Region (closed)', '-South Region']);
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(item('Oslo'));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(item('North Region'));
    await user.keyboard('{End}');
    expect(selected()).toEqual(['South Region']);
    await user.keyboard('{Home}');
    expect(selected()).toEqual(['Demo Organisation']);

    await user.keyboard('s');
    expect(selected()).toEqual(['South Region']);
    await user.keyboard('o');
    expect(selected()).toEqual(['Oslo']);
    await user.keyboard('{Home}');

    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/datasets/oslo/edit/devices'));
  });

  it('creates a child group under the selected group, checking the name as the user types', async () => {
    const { user, server } = renderDatasets();
    await tree();
    await user.click(item('North Region'));

    await user.click(within(actions()).getByRole('button', { name: 'Add child group' }));
    const dialog = screen.getByRole('dialog', { name: 'New child group of “North Region”' });
    const name = within(dialog).getByLabelText('Name');
    expect(document.activeElement).toBe(name);
    await user.type(name, ' ');
    expect(descriptionOf(name)).toBe('At most 100 characters. This field may not be blank.');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await user.type(name, 'Bergen');
    expect(name.getAttribute('aria-invalid')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Customer group “Bergen” created.')).toBeTruthy();
    // It animates out for the spec's 300 ms first.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.writes()).toEqual([{ method: 'POST', path: '/api/customer_group/', body: { name: 'Bergen', parent: 'north' } }]);
    await waitFor(() => expect(outline()).toEqual(['Demo Organisation (open)', '-North Region (open)', '--Bergen', '--Oslo', '-South Region']));
  });

  it('shows the server’s message about the name in the dialog', async () => {
    const refusal = new ApiError(400, { detail: 'Invalid customer group details.', name: ['A group with this name already exists.'] });
    const { user } = renderDatasets(new FakeCustomerGroupsServer().failNext('POST', refusal));
    await tree();

    await user.click(within(actions()).getByRole('button', { name: 'Add child group' }));
    const dialog = screen.getByRole('dialog', { name: 'New child group of “Demo Organisation”' });
    await user.type(within(dialog).getByLabelText('Name'), 'North Region{Enter}');

    await waitFor(() => expect(descriptionOf(within(dialog).getByLabelText('Name'))).toBe('At most 100 characters. A group with this name already exists.'));
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid customer group details.');
  });

  it('renames a group', async () => {
    const { user, server } = renderDatasets();
    await tree();
    await user.click(item('South Region'));

    await user.click(within(actions()).getByRole('button', { name: 'Rename' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename “South Region”' });
    const name = within(dialog).getByLabelText('Name');
    expect((name as HTMLInputElement).value).toBe('South Region');
    await user.clear(name);
    await user.type(name, 'Southern Region');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));

    expect(await screen.findByText('Customer group renamed to “Southern Region”.')).toBeTruthy();
    expect(server.writes()).toEqual([{ method: 'PUT', path: '/api/customer_group/south/', body: { id: 'south', name: 'Southern Region' } }]);
    expect(await screen.findByRole('treeitem', { name: 'Southern Region' })).toBeTruthy();
  });

  describe('delete', () => {
    it('asks first, then deletes and reloads the list', async () => {
      const { user, server } = renderDatasets();
      await tree();
      await user.click(item('South Region'));

      await user.click(within(actions()).getByRole('button', { name: 'Delete' }));
      const question = screen.getByRole('alertdialog', { name: 'Delete the customer group “South Region”? This cannot be undone.' });
      await user.click(within(question).getByRole('button', { name: 'Delete' }));

      expect(await screen.findByText('Customer group “South Region” deleted.')).toBeTruthy();
      expect(server.writes()).toEqual([{ method: 'DELETE', path: '/api/customer_group/south/', body: undefined }]);
      await waitFor(() => expect(screen.queryByRole('treeitem', { name: 'South Region' })).toBeNull());
      // The selection falls back to the deleted group's parent.
      expect(selected()).toEqual(['Demo Organisation']);
    });

    it('sends nothing when the user declines', async () => {
      const { user, server } = renderDatasets();
      await tree();
      await user.click(item('South Region'));

      await user.click(within(actions()).getByRole('button', { name: 'Delete' }));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));

      expect(server.writes()).toEqual([]);
    });

    it.each<[string, FakeCustomerGroupsServer, string, string]>([
      ['it still has a child group', new FakeCustomerGroupsServer(), 'North Region', 'This customer group still has 1 child group. Move or delete them before deleting the group.'],
      ['it still has users', new FakeCustomerGroupsServer().withUsers('south', 3), 'South Region', 'This customer group still has 3 users. Move or delete them before deleting the group.'],
      ['the server failed', new FakeCustomerGroupsServer().failNext('DELETE', new ApiError(500, SERVER_ERROR_TEXT)), 'South Region', 'An error occurred. Please contact your administrator.'],
    ])('shows why the group was not deleted when %s', async (_case, server, group, message) => {
      const { user } = renderDatasets(server);
      await tree();
      await user.click(item(group));

      await user.click(within(actions()).getByRole('button', { name: 'Delete' }));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

      expect((await screen.findByRole('alert')).textContent).toContain(message);
      expect(item(group)).toBeTruthy();
    });

    it('is not offered for the root group', async () => {
      renderDatasets();
      await tree();

      expect(within(actions()).getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', true);
      expect(within(actions()).getByRole('button', { name: 'Move to…' })).toHaveProperty('disabled', true);
      expect(screen.getByText('The root group cannot be moved or deleted.')).toBeTruthy();
    });
  });

  describe('parent change', () => {
    it('offers only targets that make no cycle, holds the choice as pending and moves on confirm', async () => {
      const { user, server } = renderDatasets();
      await tree();
      await user.click(item('North Region'));

      await user.click(within(actions()).getByRole('button', { name: 'Move to…' }));
      const menu = screen.getByRole('menu', { name: 'Move “North Region” under' });
      expect(within(menu).getAllByRole('menuitem').map((menuItem) => menuItem.textContent)).toEqual(['South Region']);
      expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'South Region' }));
      await user.keyboard('{Enter}');

      expect(screen.queryByRole('menu')).toBeNull();
      expect(screen.getByText('“North Region” will move under “South Region”, with its child groups. Confirm to move it.')).toBeTruthy();
      expect(server.writes()).toEqual([]);
      await user.click(within(screen.getByRole('group', { name: 'Pending move' })).getByRole('button', { name: 'Confirm move' }));

      expect(await screen.findByText('Customer group “North Region” moved under “South Region”.')).toBeTruthy();
      expect(server.writes()).toEqual([{ method: 'PUT', path: '/api/customer_group/north/', body: { id: 'north', parent: 'south' } }]);
      await waitFor(() => expect(outline()).toEqual(['Demo Organisation (open)', '-South Region (open)', '--North Region (open)', '---Oslo']));
      expect(screen.queryByRole('group', { name: 'Pending move' })).toBeNull();
    });

    it('clears the pending parent on cancel', async () => {
      const { user, server } = renderDatasets();
      await tree();
      await user.click(item('Oslo'));

      await user.click(within(actions()).getByRole('button', { name: 'Move to…' }));
      await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'South Region' }));
      expect(screen.getByText('“Oslo” will move under “South Region”. Confirm to move it.')).toBeTruthy();
      await user.click(within(screen.getByRole('group', { name: 'Pending move' })).getByRole('button', { name: 'Cancel move' }));

      expect(screen.queryByText(/will move under/)).toBeNull();
      expect(server.writes()).toEqual([]);
    });

    it('closes the menu on Escape and gives focus back to its button', async () => {
      const { user } = renderDatasets();
      await tree();
      await user.click(item('Oslo'));
      const button = within(actions()).getByRole('button', { name: 'Move to…' });

      await user.click(button);
      expect(button.getAttribute('aria-expanded')).toBe('true');
      await user.keyboard('{ArrowDown}{Escape}');

      expect(screen.queryByRole('menu')).toBeNull();
      expect(document.activeElement).toBe(button);
      expect(button.getAttribute('aria-expanded')).toBe('false');
    });
  });

  it('reloads when another admin changes a customer group (live update)', async () => {
    const { server } = renderDatasets();
    await tree();

    server.rename('north', 'Northern Region');
    act(() =>
      publishLiveUpdate({ position: 7, type: 'CustomerGroupDetailsChanged', resource: CUSTOMER_GROUPS_LIVE_RESOURCE, id: 'north', data: {}, tenantId: 'root' }),
    );

    expect(await screen.findByRole('treeitem', { name: 'Northern Region' })).toBeTruthy();
    expect(server.reads()).toBe(2);
  });

  it('ignores live updates of other resources', async () => {
    const { server } = renderDatasets();
    await tree();

    act(() => publishLiveUpdate({ position: 8, type: 'IncidentUpdated', resource: 'incidents', id: 'i-1', data: {}, tenantId: 'root' }));

    expect(server.reads()).toBe(1);
  });

  it('shows the spec’s text when the list cannot be loaded, and loads again on Try again', async () => {
    const { user } = renderDatasets(new FakeCustomerGroupsServer().failNext('GET', new ApiError(500, SERVER_ERROR_TEXT)));

    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred. Please contact your administrator.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await tree()).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when there is no group to show', async () => {
    renderDatasets(new FakeCustomerGroupsServer([]));

    expect(await screen.findByText('There are no customer groups to show.')).toBeTruthy();
    expect(screen.queryByRole('tree')).toBeNull();
  });
});
