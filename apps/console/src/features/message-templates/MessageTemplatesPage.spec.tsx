import type { CustomerPermission } from '@beacon/contracts';
import { NO_MATCHING_RESULTS_MESSAGE } from '@beacon/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ApiError, SERVER_ERROR_TEXT } from '../../api/api-error';
import { publishLiveUpdate } from '../../live/live-incidents';
import { aSessionAs, renderConsoleAs } from '../../testing/render-console-as';
import { currentPath, findSnackbar } from '../../testing/sign-in';
import { TEMPLATES_LIVE_RESOURCE } from './message-templates-api';
import { FakeTemplatesServer } from './testing/fake-templates-server';

// The page is a lazy chunk: loading it once up front keeps the first test within the find timeouts.
beforeAll(async () => {
  await import('./MessageTemplatesPage');
});

function renderTemplates(server = new FakeTemplatesServer(), { role = 'ADMIN', path = '/message_managing' }: { role?: CustomerPermission; path?: string } = {}) {
  renderConsoleAs(aSessionAs(role), path, {}, server.api);
  return { user: userEvent.setup(), server };
}

const main = () => within(screen.getByRole('main'));
const table = () => screen.findByRole('table', { name: /message templates/i });
/** Each row as its cells' text, the row header first and the actions left out. */
const rows = () =>
  within(screen.getByRole('table', { name: /message templates/i }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell').slice(0, 6)].map((cell) => cell.textContent));
const names = () => rows().map((cells) => cells[0]);
const listCalls = (server: FakeTemplatesServer) =>
  server
    .reads(/^\/api\/scenario\/\?/)
    .map((call) => Object.fromEntries(new URL(call.path, 'http://console').searchParams))
    .filter((params) => params['page_size'] !== 'all');

describe('MessageTemplatesPage', () => {
  it('lists the messages newest change first, with their ID, kind, type, channels, group and last change in the user’s time zone', async () => {
    const { server } = renderTemplates();

    await table();
    expect(screen.getByRole('heading', { level: 1, name: 'Message Templates' })).toBeTruthy();
    expect(rows()).toEqual([
      ['Site evacuation', '100', 'Real', 'Broadcast', 'SMS, Voice Call, Email', 'Demo Organisation', '05/03/2026 10:30'],
      ['Fire drill (test)', 'None', 'Test', 'Broadcast', 'SMS', 'Demo Organisation', '04/03/2026 15:05'],
      ['IT outage: are you affected?', 'None', 'Real', 'Sequence', 'SMS, Email, Microsoft Teams', 'North Region', '01/03/2026 09:00'],
    ]);
    expect(screen.getByRole('table', { name: 'Message templates, last changed first (times in Europe/Oslo)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Site evacuation' }).getAttribute('href')).toBe('/message_sending/scenario/edit/site-evacuation');
    expect(screen.getByRole('link', { name: 'Edit Site evacuation' }).getAttribute('href')).toBe('/message_sending/scenario/edit/site-evacuation');
    expect(main().getByRole('link', { name: 'Create Message' }).getAttribute('href')).toBe('/message/scenario/add');
    const pages = screen.getByRole('navigation', { name: 'Message template pages' });
    expect(within(pages).getByText('3 messages')).toBeTruthy();
    expect(within(pages).getByText('Page 1 of 1')).toBeTruthy();
    expect(listCalls(server)).toEqual([{ active_tab: 'all', page: '1', page_size: '10' }]);
  });

  it('shows real or test messages, and searches by name or message ID once typing pauses', async () => {
    const { user, server } = renderTemplates();
    await table();
    const filters = screen.getByRole('search', { name: 'Filter message templates' });

    await user.click(within(filters).getByRole('radio', { name: 'Test' }));
    await waitFor(() => expect(names()).toEqual(['Fire drill (test)']));
    expect(screen.getByRole('table', { name: /^Test message templates,/ })).toBeTruthy();

    await user.click(within(filters).getByRole('radio', { name: 'All' }));
    await user.type(within(filters).getByRole('searchbox', { name: 'Search by name or message ID' }), 'outage');
    await waitFor(() => expect(names()).toEqual(['IT outage: are you affected?']));
    expect(listCalls(server).map((params) => params['search']).filter(Boolean)).toEqual(['outage']);
    expect(listCalls(server).at(-1)).toEqual({ active_tab: 'all', page: '1', page_size: '10', search: 'outage' });
  });

  it('opens with the query of the URL', async () => {
    const { server } = renderTemplates(new FakeTemplatesServer(), { path: '/message_managing?active_tab=real&search=100' });

    await table();
    expect(names()).toEqual(['Site evacuation']);
    expect((screen.getByRole('radio', { name: 'Real' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('searchbox', { name: 'Search by name or message ID' }) as HTMLInputElement).value).toBe('100');
    expect(listCalls(server)).toEqual([{ active_tab: 'real', page: '1', page_size: '10', search: '100' }]);
  });

  it('says when nothing matches, in the spec’s words', async () => {
    const { user } = renderTemplates();
    await table();

    await user.type(screen.getByRole('searchbox', { name: 'Search by name or message ID' }), 'nothing like it');

    expect(await screen.findByText(NO_MATCHING_RESULTS_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('No message templates yet')).toBeNull();
  });

  it('offers Create Message when the group has no messages yet', async () => {
    renderTemplates(new FakeTemplatesServer([]));

    expect(await screen.findByRole('heading', { level: 2, name: 'No message templates yet' })).toBeTruthy();
    expect(main().getAllByRole('link', { name: 'Create Message' }).map((link) => link.getAttribute('href'))).toEqual(['/message/scenario/add', '/message/scenario/add']);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(NO_MATCHING_RESULTS_MESSAGE)).toBeNull();
  });

  it('tries a failed list once more on page 1, and says why when that fails too', async () => {
    const server = new FakeTemplatesServer()
      .failNext('GET', new ApiError(500, SERVER_ERROR_TEXT), /\/api\/scenario\/\?/)
      .failNext('GET', new ApiError(500, SERVER_ERROR_TEXT), /\/api\/scenario\/\?/);
    const { user } = renderTemplates(server, { path: '/message_managing?page=3' });

    expect((await screen.findByRole('alert')).textContent).toBe(SERVER_ERROR_TEXT);
    expect(listCalls(server).map((params) => params['page'])).toEqual(['3', '1']);
    expect(currentPath()).toBe('/message_managing');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await table();
    expect(names()).toHaveLength(3);
  });

  it('copies a message under a free name and lists the copy', async () => {
    const { user, server } = renderTemplates();
    await table();

    await user.click(screen.getByRole('button', { name: 'Copy Site evacuation' }));

    expect(await findSnackbar('Message “Site evacuation” copied as “Copy of Site evacuation”.')).toBeTruthy();
    await waitFor(() => expect(names()[0]).toBe('Copy of Site evacuation'));
    expect(server.writes().map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/scenario/']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copy Site evacuation' }));
  });

  describe('deleting a message', () => {
    it('asks first, naming the message, and keeps it when declined', async () => {
      const { user, server } = renderTemplates();
      await table();

      await user.click(screen.getByRole('button', { name: 'Delete Fire drill (test)' }));
      const dialog = screen.getByRole('alertdialog');
      expect(dialog.textContent).toContain('Delete the message “Fire drill (test)”?');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

      expect(server.writes()).toEqual([]);
      expect(names()).toContain('Fire drill (test)');
    });

    it('deletes it once confirmed, says so, and gives the keyboard to the page title', async () => {
      const { user, server } = renderTemplates();
      await table();

      await user.click(screen.getByRole('button', { name: 'Delete Fire drill (test)' }));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

      expect(await findSnackbar('Message “Fire drill (test)” deleted.')).toBeTruthy();
      await waitFor(() => expect(names()).toEqual(['Site evacuation', 'IT outage: are you affected?']));
      expect(server.writes()).toEqual([{ method: 'DELETE', path: '/api/scenario/fire-drill/', body: undefined }]);
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Message Templates' })));
    });
  });

  it('reloads the page when a message changes elsewhere', async () => {
    const { server } = renderTemplates();
    await table();

    server.change('fire-drill', { scenario_name: 'Fire drill (Friday)' });
    act(() => publishLiveUpdate({ position: 9, type: 'ScenarioSettingsChanged', resource: TEMPLATES_LIVE_RESOURCE, id: 'fire-drill', data: {}, tenantId: 'group-1' }));

    await waitFor(() => expect(names()).toEqual(['Fire drill (Friday)', 'Site evacuation', 'IT outage: are you affected?']));
  });

  it('gives operators the same list and actions', async () => {
    renderTemplates(new FakeTemplatesServer(), { role: 'OPERATOR' });
    await table();

    expect(main().getByRole('link', { name: 'Create Message' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Copy / })).toHaveLength(3);
    expect(screen.getAllByRole('button', { name: /^Delete / })).toHaveLength(3);
  });
});
