import type {
  IncidentFiltersDto,
  IncidentFormDto,
  IncidentPageDto,
  IncidentReportSummaryDto,
  IncidentReportSummaryRequest,
} from '@beacon/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { ApiClient, DownloadedFile, Method } from '../../api/api-client';
import { ApiError, SERVER_ERROR_TEXT } from '../../api/api-error';
import { AppRoutes } from '../../app/AppRoutes';
import { aSessionAs } from '../../testing/render-console-as';
import { renderWithSession } from '../../testing/render-with-session';
import { stubbedSessionLogic } from '../../testing/session-fixtures';
import { stubApi } from '../../testing/stub-api';
import { aListItem, anIncident, aPage } from './incident-fixtures';
import { publishLiveUpdate } from '../../live/live-incidents';

const FORMS: IncidentFormDto[] = [
  { id: 'form-1', name: 'Flood report', order: 'm', field_groups: [] },
  { id: 'form-2', name: 'Fire report', order: 'n', field_groups: [] },
];

const SUMMARY: IncidentReportSummaryDto = {
  total: 7,
  by_state: { active: 3, monitoring: 1, resolved: 2, closed: 1 },
  by_form: [
    { form: 'form-1', name: 'Flood report', count: 5 },
    { form: 'form-2', name: 'Fire report', count: 2 },
  ],
  incidents: [],
};

/** A page request as the screen made it (GET /api/incidents/incident/filters/?...). */
interface PageCall {
  filters: IncidentFiltersDto;
  items_per_page: string | null;
  page: string | null;
}

interface FakeServer {
  page?: (call: PageCall) => Promise<IncidentPageDto>;
  summary?: (request: IncidentReportSummaryRequest) => Promise<IncidentReportSummaryDto>;
  forms?: () => Promise<IncidentFormDto[]>;
  pdf?: (path: string) => Promise<DownloadedFile>;
}

/** The incident calls of the screen, answered by path like the query API would. */
function fakeServer({
  page = async () => aPage([aListItem('i-1', { title: 'Basement flooded' })]),
  summary = async () => SUMMARY,
  forms = async () => FORMS,
  pdf = async () => ({ blob: new Blob(['%PDF-1.7']), filename: 'Basement flooded.pdf' }),
}: FakeServer = {}) {
  const pageCalls: PageCall[] = [];
  const summaryCalls: IncidentReportSummaryRequest[] = [];
  const send = jest.fn(async (method: Method, path: string, body?: unknown): Promise<unknown> => {
    const url = new URL(path, 'http://console.test');
    if (method === 'GET' && url.pathname === '/api/incidents/incident/filters/') {
      const call = {
        filters: JSON.parse(url.searchParams.get('filters') ?? 'null') as IncidentFiltersDto,
        items_per_page: url.searchParams.get('items_per_page'),
        page: url.searchParams.get('page'),
      };
      pageCalls.push(call);
      return page(call);
    }
    if (method === 'POST' && url.pathname === '/api/incidents/incident_report_summary/') {
      summaryCalls.push(body as IncidentReportSummaryRequest);
      return summary(body as IncidentReportSummaryRequest);
    }
    if (method === 'GET' && url.pathname === '/api/incidents/form/') return forms();
    throw new Error(`unexpected call ${method} ${path}`);
  });
  const fetchFile = jest.fn((_method: Method, path: string) => pdf(path));
  const api: ApiClient = stubApi({ send: send as ApiClient['send'], fetchFile });
  return { api, send, fetchFile, pageCalls, summaryCalls, lastPageCall: () => pageCalls.at(-1) };
}

function CurrentAddress() {
  const { pathname, search } = useLocation();
  return <output aria-label="Current address">{pathname + search}</output>;
}

/** The whole console at `path`, signed in (timezone Europe/Oslo) in a group whose module is called "Case". */
function renderReports(api: ApiClient, path = '/incidents/reports', role: 'ADMIN' | 'OPERATOR' | 'SENDER' = 'OPERATOR') {
  const session = { ...aSessionAs(role), incidentModuleSettings: { module_name: 'Case', module_name_plural: 'Cases' } };
  renderWithSession(
    <>
      <AppRoutes />
      <CurrentAddress />
    </>,
    { logic: stubbedSessionLogic({ loadSession: async () => session }), storedToken: 'token-1', path, api },
  );
  return userEvent.setup();
}

const table = () => screen.findByRole('table', { name: /^Cases/ });
const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
const currentAddress = () => screen.getByRole('status', { name: 'Current address' }).textContent;
/** "term: count" for each entry of the summary column under the heading. */
const countsUnder = (summary: HTMLElement, heading: string) =>
  [...within(summary).getByRole('heading', { name: heading }).parentElement!.querySelectorAll('dt')].map(
    (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
  );
const summaryBlock = () => screen.findByRole('region', { name: 'Summary' });

describe('IncidentReportsPage', () => {
  it('lists the incidents under the module name: title linking to its edit page, form, state, created and last update', async () => {
    const server = fakeServer({
      page: async () =>
        aPage([
          aListItem('i-1', { title: 'Basement flooded', state: 'monitoring' }),
          aListItem('i-2', { title: '', incident_title: 'Roof fire', name: 'Fire report', updated_by: null }),
        ]),
    });
    renderReports(server.api, '/incidents/reports', 'SENDER');

    expect(await screen.findByRole('heading', { level: 1, name: 'Case reports' })).toBeTruthy();
    const [header, ...rows] = within(await table()).getAllByRole('row');
    expect(within(header!).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Title',
      'Form',
      'State',
      'Created',
      'Last update',
      'Actions',
    ]);
    expect(cellTexts(rows[0]!)).toEqual([
      'Basement flooded',
      'Flood report',
      'Monitoring',
      '05/03/2024 14:04:05Olu Demo',
      '06/03/2024 09:00:00Sam Demo',
      'Export PDF',
    ]);
    expect(cellTexts(rows[1]!).slice(0, 5)).toEqual(['Roof fire', 'Fire report', 'Active', '05/03/2024 14:04:05Olu Demo', '06/03/2024 09:00:00']);
    expect(within(rows[0]!).getByRole('link', { name: 'Basement flooded' }).getAttribute('href')).toBe('/incidents/start/i-1/edit');
    expect(server.lastPageCall()).toEqual({ filters: {}, items_per_page: '25', page: '1' });
    expect(screen.getByRole('navigation', { name: 'Case reports pages' }).textContent).toContain('2 Cases');
  });

  it('applies the filters: asks for the list and the summary with them, from page 1, and keeps them in the address', async () => {
    const server = fakeServer();
    const user = renderReports(server.api, '/incidents/reports?page=2');
    await table();
    const filters = screen.getByRole('search', { name: 'Case reports filters' });

    await user.click(within(filters).getByRole('checkbox', { name: 'Active' }));
    await user.click(within(filters).getByRole('checkbox', { name: 'Closed' }));
    await user.selectOptions(within(filters).getByLabelText('Form'), 'Fire report');
    await user.type(within(filters).getByLabelText('Search'), 'roof');
    fireEvent.change(within(filters).getByLabelText('Created from'), { target: { value: '2024-03-01' } });
    fireEvent.change(within(filters).getByLabelText('Created to'), { target: { value: '2024-03-31' } });
    expect(server.pageCalls).toHaveLength(1);
    await user.click(within(filters).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(server.pageCalls).toHaveLength(2));
    expect(server.lastPageCall()).toEqual({
      filters: { state: ['active', 'closed'], form: 'form-2', search: 'roof', created_from: '2024-03-01', created_to: '2024-03-31' },
      items_per_page: '25',
      page: '1',
    });
    await waitFor(() => expect(server.summaryCalls).toHaveLength(2));
    expect(server.summaryCalls[1]).toEqual({ state: ['active', 'closed'], form: 'form-2', created_from: '2024-03-01', created_to: '2024-03-31' });
    expect(currentAddress()).toBe(
      '/incidents/reports?state=active&state=closed&form=form-2&search=roof&created_from=2024-03-01&created_to=2024-03-31',
    );
  });

  it('opens with the filters of a shared link, and Reset clears them', async () => {
    const server = fakeServer();
    const user = renderReports(server.api, '/incidents/reports?state=resolved&search=flood&items_per_page=10');
    await table();

    expect(server.lastPageCall()).toEqual({ filters: { state: ['resolved'], search: 'flood' }, items_per_page: '10', page: '1' });
    expect((screen.getByRole('checkbox', { name: 'Resolved' }) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Reset' }));

    await waitFor(() => expect(server.lastPageCall()).toEqual({ filters: {}, items_per_page: '10', page: '1' }));
    expect((screen.getByRole('checkbox', { name: 'Resolved' }) as HTMLInputElement).checked).toBe(false);
    expect(currentAddress()).toBe('/incidents/reports?items_per_page=10');
  });

  it('pages through the incidents', async () => {
    const server = fakeServer({
      page: async ({ page }) => aPage([aListItem(`p${page}`, { title: `Incident on page ${page}` })], { count: 60, number_of_pages: 3 }),
    });
    const user = renderReports(server.api);
    const pages = await screen.findByRole('navigation', { name: 'Case reports pages' });

    expect(within(pages).getByText('60 Cases')).toBeTruthy();
    expect(within(pages).getByText('Page 1 of 3')).toBeTruthy();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Incident on page 2')).toBeTruthy();
    expect(server.lastPageCall()).toEqual({ filters: {}, items_per_page: '25', page: '2' });
    expect(currentAddress()).toBe('/incidents/reports?page=2');
  });

  it.each([
    ['0 (all)', '0'],
    ['All', 'All'],
  ])('page size %s shows every incident on one page, without paging', async (option, itemsPerPage) => {
    const server = fakeServer({
      page: async ({ items_per_page }) =>
        items_per_page === '0' || items_per_page === 'All'
          ? aPage([aListItem('a'), aListItem('b'), aListItem('c')])
          : aPage([aListItem('a')], { count: 3, number_of_pages: 3 }),
    });
    const user = renderReports(server.api, '/incidents/reports?page=3');
    const pages = await screen.findByRole('navigation', { name: 'Case reports pages' });
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeTruthy();

    await user.selectOptions(within(pages).getByLabelText('Rows per page'), option);

    await waitFor(() => expect(server.lastPageCall()).toEqual({ filters: {}, items_per_page: itemsPerPage, page: null }));
    expect(await screen.findByText('3 Cases')).toBeTruthy();
    expect(within(await table()).getAllByRole('row')).toHaveLength(4);
    expect(within(pages).queryByRole('button', { name: 'Next' })).toBeNull();
    expect(within(pages).queryByText(/Page \d/)).toBeNull();
    expect(currentAddress()).toBe(`/incidents/reports?items_per_page=${itemsPerPage}`);
  });

  it('offers 10, 25, 50, 0 and All rows per page', async () => {
    renderReports(fakeServer().api);
    const pages = await screen.findByRole('navigation', { name: 'Case reports pages' });

    const options = within(within(pages).getByLabelText('Rows per page')).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((option) => option.value)).toEqual(['10', '25', '50', '0', 'All']);
  });

  it('shows the summary of the filters: total, by state and by form', async () => {
    renderReports(fakeServer().api);
    const summary = await summaryBlock();

    await waitFor(() => expect(within(summary).getByText('7 Cases')).toBeTruthy());
    expect(countsUnder(summary, 'By state')).toEqual(['Active: 3', 'Monitoring: 1', 'Resolved: 2', 'Closed: 1']);
    expect(countsUnder(summary, 'By form')).toEqual(['Flood report: 5', 'Fire report: 2']);
  });

  it('says when no incident matches, and when there are none yet', async () => {
    renderReports(fakeServer({ page: async () => aPage([]) }).api, '/incidents/reports?search=nothing');

    expect(await screen.findByText('No Cases match these filters.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so while the list loads', async () => {
    renderReports(fakeServer({ page: () => new Promise(() => undefined) }).api);

    expect(await screen.findByText('Loading Cases…')).toBeTruthy();
  });

  it('shows the spec’s text for a server error, and loads again on Try again', async () => {
    const page = jest.fn(async () => aPage([aListItem('i-1', { title: 'Basement flooded' })]));
    page.mockRejectedValueOnce(new ApiError(500, SERVER_ERROR_TEXT));
    const user = renderReports(fakeServer({ page }).api);

    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred. Please contact your administrator.');
    expect(screen.queryByRole('table')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await table()).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server’s message for other failures', async () => {
    renderReports(fakeServer({ page: () => Promise.reject(new ApiError(400, { detail: 'The filters are not valid JSON.' })) }).api);

    expect((await screen.findByRole('alert')).textContent).toBe('The filters are not valid JSON.');
  });

  it('updates a row live when its incident changes, then reads the list again', async () => {
    const shown = aListItem('i-1', { title: 'Basement flooded', version: 3 });
    const page = jest.fn(async () => aPage([shown]));
    const server = fakeServer({ page });
    renderReports(server.api);
    await table();

    page.mockImplementation(async () => aPage([{ ...shown, title: 'Basement flooded, pumps running', state: 'monitoring', version: 4 }]));
    act(() =>
      publishLiveUpdate({
        position: 900,
        type: 'IncidentUpdated',
        resource: 'incidents',
        id: 'i-1',
        tenantId: 'group-1',
        customerGroupId: 'group-1',
        data: anIncident(shown, {
          title: 'Basement flooded, pumps running',
          state: 'monitoring',
          version: 4,
          updated_by: { id: 'user-9', name: 'Ola Other' },
        }),
      }),
    );

    const row = screen.getByRole('link', { name: 'Basement flooded, pumps running' }).closest('tr')!;
    expect(cellTexts(row).slice(2, 5)).toEqual(['Monitoring', '05/03/2024 14:04:05Olu Demo', '06/03/2024 09:00:00Ola Other']);
    await waitFor(() => expect(server.pageCalls).toHaveLength(2));
    await waitFor(() => expect(server.summaryCalls).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'Basement flooded, pumps running' })).toBeTruthy();
  });

  describe('Export PDF', () => {
    const downloads: { href: string; download: string }[] = [];

    beforeEach(() => {
      downloads.length = 0;
      Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:incident-pdf'), revokeObjectURL: jest.fn() });
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push({ href: this.href, download: this.download });
      });
    });

    afterEach(() => {
      jest.restoreAllMocks();
    });

    it('posts to the incident’s generate_pdf path and saves the PDF under the server’s name', async () => {
      let finish: (file: DownloadedFile) => void = () => undefined;
      const server = fakeServer({ pdf: () => new Promise((resolve) => (finish = resolve)) });
      const user = renderReports(server.api);
      await table();

      await user.click(screen.getByRole('button', { name: 'Export PDF of Basement flooded' }));
      expect(screen.getByRole('button', { name: 'Export PDF of Basement flooded' }).textContent).toBe('Exporting…');
      await user.click(screen.getByRole('button', { name: 'Export PDF of Basement flooded' }));
      await act(async () => finish({ blob: new Blob(['%PDF-1.7']), filename: 'Basement flooded.pdf' }));

      expect(server.fetchFile).toHaveBeenCalledTimes(1);

      expect(server.fetchFile).toHaveBeenCalledWith('POST', '/api/incidents/incident/i-1/generate_pdf/');
      expect(downloads).toEqual([{ href: 'blob:incident-pdf', download: 'Basement flooded.pdf' }]);
      expect(screen.getByRole('button', { name: 'Export PDF of Basement flooded' }).textContent).toBe('Export PDF');
    });

    it('tells the user when the export failed', async () => {
      const server = fakeServer({ pdf: () => Promise.reject(new ApiError(500, SERVER_ERROR_TEXT)) });
      const user = renderReports(server.api);
      await table();

      await user.click(screen.getByRole('button', { name: 'Export PDF of Basement flooded' }));

      expect((await screen.findByRole('alert')).textContent).toContain('An error occurred. Please contact your administrator.');
      expect(downloads).toEqual([]);
    });
  });
});
