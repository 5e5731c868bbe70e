import { NO_FILTER_RESULTS, RESEND_FAILED, type SessionReportDetailsDto } from '@beacon/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, SERVER_ERROR_TEXT } from '../../api/api-error';
import { aSessionAs, renderConsoleAs } from '../../testing/render-console-as';
import { DEMO_ENTRIES, DEMO_PEOPLE, FakeReportServer, SESSION_ID } from './testing/fake-report-server';

// The page is a lazy chunk: loading it once up front keeps the first test within the find timeouts.
beforeAll(async () => {
  await import('./DispatchDetailsPage');
});

const PATH = `/message/sessions/${SESSION_ID}/dispatch_details`;
/** The people table (the charts' tables are named People by …). */
const PEOPLE = /in the order they were sent to/;
const RECIPIENTS = /^\/api\/session\/session-7\/recipients\/(\?|$)/;

function renderDetails(server = new FakeReportServer()) {
  renderConsoleAs(aSessionAs('ADMIN'), PATH, {}, server.api);
  return { user: userEvent.setup(), server };
}

const peopleTable = () => screen.findByRole('table', { name: PEOPLE });
/** The names of the people listed, in order. */
const names = () =>
  within(screen.getByRole('table', { name: PEOPLE }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
const filters = () => within(screen.getByRole('search', { name: 'Filter people' }));
/** The query of the last people call, as name-value pairs. */
const lastPeopleQuery = (server: FakeReportServer) => Object.fromEntries(new URL(server.paths(RECIPIENTS).at(-1)!, 'http://console').searchParams);

describe('DispatchDetailsPage', () => {
  it('loads the statistics, the charts and the first ten people', async () => {
    const server = new FakeReportServer();
    const release = server.hold('GET', /report-details/);
    renderDetails(server);

    expect(await screen.findByText('Loading the report…')).toBeTruthy();
    release();
    await peopleTable();
    expect(screen.queryByText('Loading the report…')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Dispatch details' })).toBeTruthy();
    const statistics = screen.getByRole('region', { name: 'Site evacuation' });
    const figures = Object.fromEntries(Array.from(statistics.querySelectorAll('dl > div'), (pair) => [pair.querySelector('dt')!.textContent, pair.querySelector('dd')!.textContent]));
    expect(figures).toEqual({ 'Total recipients': '25', Delivered: '14', 'Delivery failures': '5', Pending: '4', Excluded: '2', Responded: '9' });

    expect(names()).toEqual(DEMO_PEOPLE.slice(0, 10).map((person) => person.name));
    const first = within(screen.getByRole('table', { name: PEOPLE })).getAllByRole('row')[1]!;
    expect(within(first).getAllByRole('cell').slice(0, 4).map((cell) => cell.textContent)).toEqual([
      '+447911123001, person1@demo.test',
      'Successful Delivery',
      'Yes, safe',
      '05/03/2026 10:01:00',
    ]);
    expect(server.paths(RECIPIENTS)).toEqual(['/api/session/session-7/recipients/?page=1&page_size=10']);
    const pages = screen.getByRole('navigation', { name: 'People pages' });
    expect(within(pages).getByText('23 people')).toBeTruthy();
    expect(within(pages).getByText('Page 1 of 3')).toBeTruthy();
  });

  it('gives every chart its numbers as a table', async () => {
    renderDetails();
    await peopleTable();

    const rows = (name: string) =>
      within(screen.getByRole('table', { name }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent);
    expect(rows('People by state')).toEqual(['Successful Delivery14', 'Delivery Failure5', 'Pending4']);
    expect(rows('People by reply')).toEqual(['No Response9', 'Yes, safe5', 'Delivery Failure5', 'Need help4', 'Excluded Users2']);
    expect(rows('Replies over time')[0]).toBe('05/03/2026 10:011');
    expect(screen.getByRole('figure', { name: 'People by state' })).toBeTruthy();
  });

  it('pages through the people', async () => {
    const { user, server } = renderDetails();
    await peopleTable();

    await user.click(within(screen.getByRole('navigation', { name: 'People pages' })).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(names()[0]).toBe('Person 11'));
    expect(lastPeopleQuery(server)).toEqual({ page: '2', page_size: '10' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '25');
    await waitFor(() => expect(names()).toHaveLength(23));
    expect(lastPeopleQuery(server)).toEqual({ page: '1', page_size: '25' });
  });

  it('asks for page 1 with the filters applied, as the query string the API reads', async () => {
    const { user, server } = renderDetails();
    await peopleTable();

    await user.selectOptions(filters().getByRole('combobox', { name: 'State' }), 'Successful Delivery');
    await user.selectOptions(filters().getByRole('combobox', { name: 'Reply' }), 'Yes, safe');
    // user-event cannot type into a date-time input; the browser's picker sets its value so.
    fireEvent.change(filters().getByLabelText('Replied from (Europe/Oslo)'), { target: { value: '2026-03-05T10:05' } });
    await user.type(filters().getByRole('textbox', { name: 'Name' }), ' person ');
    await user.type(filters().getByRole('textbox', { name: 'Phone' }), '+44');
    await user.click(filters().getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(names()).toEqual(['Person 6', 'Person 11', 'Person 16', 'Person 21']));
    expect(lastPeopleQuery(server)).toEqual({
      page: '1',
      page_size: '10',
      state: 'Successful Delivery',
      reply: 'Yes, safe',
      reply_time_from: '2026-03-05T09:05:00Z',
      name: 'person',
      phone: '+44',
    });
    expect(server.paths(RECIPIENTS).at(-1)).toContain('state=Successful+Delivery&reply=Yes%2C+safe');
    expect(screen.getByRole('table', { name: /^People the filters match/ })).toBeTruthy();
  });

  it('says when the filters match nobody, and Reset lists everyone again', async () => {
    const { user, server } = renderDetails();
    await peopleTable();

    await user.type(filters().getByRole('textbox', { name: 'Email' }), 'nobody@');
    await user.keyboard('{Enter}');

    expect(await screen.findByText(NO_FILTER_RESULTS)).toBeTruthy();
    expect(screen.queryByRole('table', { name: PEOPLE })).toBeNull();
    expect(lastPeopleQuery(server)).toEqual({ page: '1', page_size: '10', email: 'nobody@' });

    await user.click(filters().getByRole('button', { name: 'Reset' }));
    await peopleTable();
    expect((filters().getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe('');
    expect(lastPeopleQuery(server)).toEqual({ page: '1', page_size: '10' });
  });

  it('tries a people call that errors once more, with page 1', async () => {
    const { user, server } = renderDetails();
    await peopleTable();
    await user.click(within(screen.getByRole('navigation', { name: 'People pages' })).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(names()[0]).toBe('Person 11'));

    server.failNext('GET', RECIPIENTS, new ApiError(500, SERVER_ERROR_TEXT));
    await user.click(within(screen.getByRole('navigation', { name: 'People pages' })).getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(names()[0]).toBe('Person 1'));
    expect(server.paths(RECIPIENTS).slice(-2).map((path) => new URL(path, 'http://console').searchParams.get('page'))).toEqual(['3', '1']);
    expect(within(screen.getByRole('navigation', { name: 'People pages' })).getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the error when the second try fails too, and tries no more', async () => {
    const server = new FakeReportServer()
      .failNext('GET', RECIPIENTS, new ApiError(500, SERVER_ERROR_TEXT))
      .failNext('GET', RECIPIENTS, new ApiError(500, SERVER_ERROR_TEXT));
    const { user } = renderDetails(server);

    expect((await screen.findByRole('alert')).textContent).toBe(SERVER_ERROR_TEXT);
    expect(server.paths(RECIPIENTS)).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await peopleTable();
    expect(server.paths(RECIPIENTS)).toHaveLength(3);
  });

  it('shows a person’s every attempt, device by device, when asked', async () => {
    const { user, server } = renderDetails();
    await peopleTable();

    const show = screen.getByRole('button', { name: 'Show dispatches to Person 3' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    await user.click(show);

    const history = await screen.findByRole('table', { name: 'Dispatches to Person 3, oldest first (times in Europe/Oslo)' });
    expect(server.paths(/\/recipient\//)).toEqual(['/api/session/session-7/recipient/user-3/dispatches/']);
    expect(
      within(history)
        .getAllByRole('row')
        .slice(1)
        .map((row) => Array.from(row.children, (cell) => cell.textContent)),
    ).toEqual([
      ['SMS+447911123003', '1Replaced by a later attempt', 'Failed', 'The phone was off.', '05/03/2026 10:00:05', '05/03/2026 10:00:09', '—'],
      ['SMS+447911123003', '2', 'Delivered', '—', '05/03/2026 10:02:05', '05/03/2026 10:02:07', '05/03/2026 10:02:07'],
      ['Emailperson3@demo.test', '1', 'Sent', '—', '05/03/2026 10:00:05', '—', '—'],
    ]);
    const hide = screen.getByRole('button', { name: 'Hide dispatches to Person 3' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(hide.getAttribute('aria-controls')!)).toBeTruthy();
    await user.click(hide);
    expect(screen.queryByRole('table', { name: /^Dispatches to Person 3/ })).toBeNull();
  });

  describe('filters', () => {
    const shownFilters = async (details: Partial<SessionReportDetailsDto>) => {
      renderDetails(new FakeReportServer(DEMO_ENTRIES, DEMO_PEOPLE, details));
      await peopleTable();
      return Array.from(screen.getByRole('search', { name: 'Filter people' }).querySelectorAll('label'), (label) => label.textContent);
    };

    it('shows only the filters the server lists for the caller', async () => {
      expect(await shownFilters({ detail: { allowed: true, filters: ['state', 'reply', 'reply_time'] } })).toEqual([
        'State',
        'Reply',
        'Replied from (Europe/Oslo)',
        'Replied before (Europe/Oslo)',
      ]);
    });

    it('shows email and phone only when the session went out by email, or by text or call', async () => {
      expect(await shownFilters({ channels: ['VOICE'] })).toEqual(['State', 'Reply', 'Replied from (Europe/Oslo)', 'Replied before (Europe/Oslo)', 'Name', 'Phone']);
    });

    it('shows none when the caller may use none', async () => {
      renderDetails(new FakeReportServer(DEMO_ENTRIES, DEMO_PEOPLE, { detail: { allowed: true, filters: [] } }));
      await peopleTable();
      expect(screen.queryByRole('search', { name: 'Filter people' })).toBeNull();
    });
  });

  describe('resend', () => {
    it('sends again to those with no response once confirmed, and shows the task', async () => {
      const { user, server } = renderDetails();
      await peopleTable();

      await user.click(screen.getByRole('button', { name: 'Resend to no response' }));
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog.textContent).toContain('Send the real message “Site evacuation” again to the people with no response (9 people)?');
      expect(server.paths(/resend/, 'PATCH')).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: 'Send again' }));

      expect(await screen.findByText('Sending again to the people with no response: task session-7.')).toBeTruthy();
      expect(server.paths(/resend/, 'PATCH')).toEqual(['/api/session/session-7/resend/?reply=No+Response']);
      expect(server.calls.find((call) => call.method === 'PATCH')!.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    });

    it('sends again to those it failed to reach', async () => {
      const { user, server } = renderDetails();
      await peopleTable();

      await user.click(screen.getByRole('button', { name: 'Resend to failed' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send again' }));

      expect(await screen.findByText('Sending again to the people it failed to reach: task session-7.')).toBeTruthy();
      expect(server.paths(/resend/, 'PATCH')).toEqual(['/api/session/session-7/resend/?reply=Delivery+Failure']);
    });

    it('says “Re-send message failed!” when the resend fails', async () => {
      const server = new FakeReportServer().failNext('PATCH', /resend/, new ApiError(409, { detail: 'The message is still being queued.' }));
      const { user } = renderDetails(server);
      await peopleTable();

      await user.click(screen.getByRole('button', { name: 'Resend to no response' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send again' }));

      expect((await screen.findByRole('alert')).textContent).toBe(RESEND_FAILED);
      expect(screen.queryByText(/task session-7/)).toBeNull();
    });

    it('is not offered while the session is still being planned', async () => {
      renderDetails(new FakeReportServer(DEMO_ENTRIES, DEMO_PEOPLE, { status: 'planning' }));
      await peopleTable();
      expect(screen.queryByRole('button', { name: 'Resend to no response' })).toBeNull();
    });
  });

  describe('exports', () => {
    const downloads: string[] = [];

    beforeEach(() => {
      downloads.length = 0;
      Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:report'), revokeObjectURL: jest.fn() });
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push(this.download);
      });
    });

    afterEach(() => {
      jest.restoreAllMocks();
    });

    it('downloads the summary and, with the filters applied, the people', async () => {
      const { user, server } = renderDetails();
      await peopleTable();
      await user.selectOptions(filters().getByRole('combobox', { name: 'Reply' }), 'No Response');
      await user.click(filters().getByRole('button', { name: 'Apply' }));
      await waitFor(() => expect(lastPeopleQuery(server)).toEqual({ page: '1', page_size: '10', reply: 'No Response' }));

      for (const name of ['Export Summary (XLSX)', 'Export Summary (PDF)', 'Export People (XLSX)', 'Export People (PDF)']) {
        await user.click(screen.getByRole('button', { name }));
        await waitFor(() => expect(screen.getByRole('button', { name }).getAttribute('aria-disabled')).toBeNull());
      }

      expect(server.calls.filter((call) => call.file).map((call) => `${call.method} ${call.path}`)).toEqual([
        'GET /api/generate_xlsx/session-7/',
        'GET /api/generate_reports/session-7/',
        'POST /api/session/session-7/xlsx/detailed/?reply=No+Response',
        'POST /api/session/session-7/pdf/detailed/?reply=No+Response',
      ]);
      expect(downloads).toEqual(['session-session-7.xlsx', 'session-session-7.pdf', 'session-session-7-people.xlsx', 'session-session-7-people.pdf']);
    });

    it('offers a conference’s recording, and only a conference’s', async () => {
      const { user, server } = renderDetails(new FakeReportServer(DEMO_ENTRIES, DEMO_PEOPLE, { session_type: 'conference' }));
      await peopleTable();
      await user.click(screen.getByRole('button', { name: 'Export Conference recording (audio)' }));
      await waitFor(() => expect(downloads).toEqual(['conference-session-7.mp3']));
      expect(server.calls.filter((call) => call.file).map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/session/conference_recording/session-7/']);
    });

    it('offers no recording of a broadcast', async () => {
      renderDetails();
      await peopleTable();
      expect(screen.getByRole('button', { name: 'Export Summary (PDF)' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Export Conference recording (audio)' })).toBeNull();
    });

    it('tells the user when an export failed', async () => {
      const server = new FakeReportServer().failNext('GET', /generate_reports/, new ApiError(500, SERVER_ERROR_TEXT));
      const { user } = renderDetails(server);
      await peopleTable();

      await user.click(screen.getByRole('button', { name: 'Export Summary (PDF)' }));

      expect((await screen.findByRole('alert')).textContent).toBe(`The export failed: ${SERVER_ERROR_TEXT}`);
      expect(downloads).toEqual([]);
    });
  });

  it('reads the report and the page shown again when the session’s report changes', async () => {
    const { server } = renderDetails();
    await peopleTable();
    const reads = server.paths(/report-details/).length;

    act(() => server.change((people) => people.map((person) => (person.id === 'user-4' ? { ...person, state: 'Successful Delivery', reply: 'Yes, safe' } : person))));

    await waitFor(() => expect(within(screen.getByRole('table', { name: PEOPLE })).getAllByRole('row')[4]!.textContent).toContain('Yes, safe'));
    expect(server.paths(/report-details/)).toHaveLength(reads + 1);
    const statistics = screen.getByRole('region', { name: 'Site evacuation' });
    expect(within(statistics).getByText('Delivered').nextElementSibling!.textContent).toBe('15');
  });
});
