import type { CustomerPermission } from '@beacon/contracts';
import { NO_MATCHING_RESULTS_MESSAGE } from '@beacon/domain';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, SERVER_ERROR_TEXT } from '../../api/api-error';
import { publishLiveUpdate } from '../../live/live-incidents';
import { aSessionAs, renderConsoleAs, type SessionAs } from '../../testing/render-console-as';
import { currentPath } from '../../testing/sign-in';
import { REPORT_LIVE_RESOURCES } from './message-reports-api';
import { aListedSession, aListEntry, DEMO_ENTRIES, FakeReportServer } from './testing/fake-report-server';

beforeAll(async () => {
  await import('./MessageReportsPage');
});

function renderReports(server = new FakeReportServer(), { role = 'ADMIN', path = '/message/sessions', options }: { role?: CustomerPermission; path?: string; options?: SessionAs } = {}) {
  renderConsoleAs(aSessionAs(role, options), path, {}, server.api);
  return { user: userEvent.setup(), server };
}

const TABLE = /^Sessions sent/;
const table = () => screen.findByRole('table', { name: TABLE });
/** Each row's cells as text, the message first and the links left out. */
const rows = () =>
  within(screen.getByRole('table', { name: TABLE }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell').slice(0, 4)].map((cell) => cell.textContent));
const progressOf = (name: RegExp) => screen.getByRole('progressbar', { name });

describe('MessageReportsPage', () => {
  it('lists every session sent, one row each, with its message, type, status, start, recipients and progress', async () => {
    const { server } = renderReports();

    await table();
    expect(screen.getByRole('heading', { level: 1, name: 'Message Reports' })).toBeTruthy();
    expect(rows()).toEqual([
      ['Site evacuation', 'BroadcastReal', 'Sending', '06/03/2026 11:00', '200 people'],
      ['Site evacuation', 'BroadcastReal', 'Complete', '05/03/2026 10:00', '23 people'],
      ['Fire drill (test)', 'ConferenceTest', 'Complete', '20/02/2026 14:30', '4 people'],
    ]);
    expect(progressOf(/^Progress of Site evacuation, 06\/03/).getAttribute('aria-valuetext')).toBe('330 of 500 messages finished (66%)');
    expect(progressOf(/^Progress of Site evacuation, 05\/03/).getAttribute('aria-valuetext')).toBe('Finished');
    expect(server.paths(/^\/api\/scenario\//)).toEqual([
      '/api/scenario/?active_tab=all&page=1&page_size=10&include_sessions=true',
      '/api/scenario/run_result/session-8/',
    ]);
    expect(within(screen.getByRole('navigation', { name: 'Message report pages' })).getByText('3 messages')).toBeTruthy();
  });

  it('links each session to its Dispatch details and Dispatches overview', async () => {
    const { user } = renderReports();
    await table();

    const details = screen.getByRole('link', { name: 'Dispatch details of Site evacuation, 05/03/2026 10:00' });
    expect(details.getAttribute('href')).toBe('/message/sessions/session-7/dispatch_details');
    expect(screen.getByRole('link', { name: 'Dispatches overview of Fire drill (test), 20/02/2026 14:30' }).getAttribute('href')).toBe(
      '/message/sessions/session-3/dispatches_overview',
    );
    await user.click(details);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dispatch details' })).toBeTruthy();
    expect(currentPath()).toBe('/message/sessions/session-7/dispatch_details');
  });

  it.each<[CustomerPermission, SessionAs | undefined, boolean]>([
    ['SENDER', undefined, false],
    ['OPERATOR', { rootPermissions: [] }, false],
    ['OPERATOR', { rootPermissions: ['Allow Operators to view address string (detailed reports)'] }, true],
  ])('offers a %s (%j) Dispatch details only under the session-report rule: %s', async (role, options, offered) => {
    renderReports(new FakeReportServer(), { role, options });
    await table();

    expect(screen.queryAllByRole('link', { name: /^Dispatch details of/ }).length > 0).toBe(offered);
    expect(screen.getAllByRole('link', { name: /^Dispatches overview of/ })).toHaveLength(3);
  });

  it('searches by name or message ID, once typing pauses', async () => {
    const { user, server } = renderReports();
    await table();

    await user.type(screen.getByRole('searchbox', { name: 'Search by message name or message ID' }), 'drill');

    await waitFor(() => expect(rows().map((cells) => cells[0])).toEqual(['Fire drill (test)']));
    expect(server.paths(/^\/api\/scenario\/\?/).at(-1)).toBe('/api/scenario/?active_tab=all&page=1&page_size=10&include_sessions=true&search=drill');
    expect(currentPath()).toBe('/message/sessions');

    await user.type(screen.getByRole('searchbox', { name: 'Search by message name or message ID' }), ' nothing like it');
    expect(await screen.findByText(NO_MATCHING_RESULTS_MESSAGE)).toBeTruthy();
  });

  it('says when nothing has been sent yet', async () => {
    renderReports(new FakeReportServer([]));
    expect(await screen.findByRole('heading', { level: 2, name: 'No messages sent yet' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Message report pages' })).toBeNull();
  });

  it('says why a send did not go: refused by a daily quota (with the numbers), or skipped', async () => {
    const quota = "This send needs 190 messages by SMS, and the organisation's daily SMS quota is 100 messages: 0 used today, 100 left. Nothing was sent.";
    renderReports(
      new FakeReportServer([
        aListEntry('site-evacuation', 'Site evacuation', [aListedSession('session-r', { status: 'refused', recipients: 0, deliveries: 0, schedule_note: quota })]),
        aListEntry('fire-drill', 'Fire drill (test)', [aListedSession('session-s', { status: 'skipped', started_at: null, recipients: 0, deliveries: 0, schedule_note: 'Saturday 09/03/2030 is a weekend day.' })]),
      ]),
    );
    await table();
    expect(rows().map((row) => row[2])).toEqual([`Refused (daily quota)${quota}`, 'Not sent (holiday, weekend or suspension)Saturday 09/03/2030 is a weekend day.']);
  });

  it('says when the messages of a page have not been sent', async () => {
    renderReports(new FakeReportServer([aListEntry('it-outage', 'IT outage', [])]));
    expect(await screen.findByText('None of the messages on this page has been sent yet.')).toBeTruthy();
  });

  it('pages through the messages, keeping the page in the URL', async () => {
    const entries = Array.from({ length: 12 }, (_, n) => aListEntry(`m-${n}`, `Message ${n + 1}`, [aListedSession(`s-${n}`)]));
    const { user, server } = renderReports(new FakeReportServer(entries));
    await table();
    expect(rows()).toHaveLength(10);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rows().map((cells) => cells[0])).toEqual(['Message 11', 'Message 12']));
    expect(server.paths(/^\/api\/scenario\/\?/).at(-1)).toContain('page=2');
  });

  it('tries a list that fails once more on page 1, then says why', async () => {
    const server = new FakeReportServer()
      .failNext('GET', /^\/api\/scenario\/\?/, new ApiError(500, SERVER_ERROR_TEXT))
      .failNext('GET', /^\/api\/scenario\/\?/, new ApiError(500, SERVER_ERROR_TEXT));
    const { user } = renderReports(server, { path: '/message/sessions?page=3' });

    expect((await screen.findByRole('alert')).textContent).toBe(SERVER_ERROR_TEXT);
    expect(server.paths(/^\/api\/scenario\/\?/).map((path) => new URL(path, 'http://console').searchParams.get('page'))).toEqual(['3', '1']);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await table();
  });

  it('reloads when a session starts, is planned or completes, and when a listed session’s deliveries move', async () => {
    const { server } = renderReports();
    await table();
    const lists = () => server.paths(/^\/api\/scenario\/\?/).length;
    const before = lists();

    server.progress.set('session-8', { queued: 0, sending: 0, sent: 0, delivered: 480, replied: 10, failed: 10, unknown: 0 });
    act(() => publishLiveUpdate({ position: 2000, type: 'DeliveriesReported', resource: REPORT_LIVE_RESOURCES.deliveries, id: 'session-8', data: {}, tenantId: 'group-1' }));

    await waitFor(() => expect(progressOf(/^Progress of Site evacuation, 06\/03/).getAttribute('aria-valuetext')).toBe('500 of 500 messages finished (100%)'), {
      timeout: 4_000,
    });
    expect(lists()).toBe(before + 1);

    act(() => publishLiveUpdate({ position: 2001, type: 'DeliveriesReported', resource: REPORT_LIVE_RESOURCES.deliveries, id: 'session-7', data: {}, tenantId: 'group-1' }));
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(lists()).toBe(before + 1);
  });

  it('is reached from the Dashboard', async () => {
    const { user } = renderReports(new FakeReportServer(DEMO_ENTRIES), { path: '/' });
    // The menu and the Dashboard's own list of screens both offer it.
    await user.click((await within(await screen.findByRole('main')).findAllByRole('link', { name: 'Message Reports' }))[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Message Reports' })).toBeTruthy();
    expect(currentPath()).toBe('/message/sessions');
  });
});
