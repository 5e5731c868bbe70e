import type { ActivityLogCustomerGroupsDto, ActivityLogEntryDto, ActivityLogFiltersDto, ActivityLogPageDto } from '@beacon/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { DownloadedFile } from '../../api/api-client';
import { ApiError, SERVER_ERROR_TEXT } from '../../api/api-error';
import { AppRoutes } from '../../app/AppRoutes';
import { aSessionAs } from '../../testing/render-console-as';
import { renderWithSession } from '../../testing/render-with-session';
import { stubbedSessionLogic } from '../../testing/session-fixtures';
import { stubApi } from '../../testing/stub-api';
import type { ActivityLogApi } from './activity-log-api';

const GROUPS: ActivityLogCustomerGroupsDto = {
  data: {
    customer_groups: [
      { id: 'root', name: 'Demo Organisation', parent: null },
      { id: 'north', name: 'North Region', parent: 'root' },
    ],
  },
};

function anEntry(id: number, overrides: Partial<ActivityLogEntryDto> = {}): ActivityLogEntryDto {
  return {
    id,
    date: '2024-03-05T13:04:05.000Z',
    event_type: 'UserSignedIn',
    category: 'sign_in',
    action: 'Signed in',
    details: {},
    customer_group: { id: 'north', name: 'North Region' },
    user: { id: 'user-1', email: 'admin@demo.test', name: 'Ada Demo' },
    target_user: null,
    ...overrides,
  };
}

/** A server of `count` matching entries, answering the page asked for. */
function pageOf(count: number, entries: (page: number, pageSize: number) => ActivityLogEntryDto[] = () => []) {
  return async (filters: ActivityLogFiltersDto): Promise<ActivityLogPageDto> => {
    const page = Number(filters.page ?? 1);
    const pageSize = Number(filters.page_size ?? 25);
    return {
      data: {
        activity_logs: entries(page, pageSize),
        count,
        page,
        page_size: pageSize,
        number_of_pages: Math.max(1, Math.ceil(count / pageSize)),
      },
    };
  };
}

const CSV: DownloadedFile = { blob: new Blob(['\uFEFFDate,Customer group,User,Action,Details\r\n']), filename: 'activity-log-2024-03-05.csv' };

function activityLogCalls(overrides: Partial<ActivityLogApi> = {}): ActivityLogApi {
  return {
    getActivityLog: jest.fn(pageOf(2, () => [anEntry(2), anEntry(1, { date: '2024-03-04T23:30:00Z', user: null, action: 'Created customer group North Region', customer_group: { id: 'root', name: 'Demo Organisation' } })])),
    getActivityLogCustomerGroups: jest.fn(async () => GROUPS),
    exportActivityLogSummary: jest.fn(async (_filters: ActivityLogFiltersDto) => CSV),
    ...overrides,
  };
}

function CurrentAddress() {
  const { pathname, search } = useLocation();
  return <output aria-label="Current address">{pathname + search}</output>;
}

/** The whole console at `path`, signed in as an admin (timezone Europe/Oslo), over the stubbed calls. */
function renderActivityLog(api: ActivityLogApi, path = '/activity_log') {
  renderWithSession(
    <>
      <AppRoutes />
      <CurrentAddress />
    </>,
    { logic: stubbedSessionLogic({ loadSession: async () => aSessionAs('ADMIN') }), storedToken: 'token-1', path, api: stubApi(api) },
  );
  return userEvent.setup();
}

const lastPageRequest = (api: ActivityLogApi) => jest.mocked(api.getActivityLog).mock.lastCall?.[0];
const currentAddress = () => screen.getByRole('status', { name: 'Current address' }).textContent;
const table = () => screen.findByRole('table', { name: /Activity, newest first/ });
const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('ActivityLogPage', () => {
  it('lists the entries newest first with date in the user’s timezone, customer group, user and action', async () => {
    const api = activityLogCalls();
    renderActivityLog(api);

    const [header, ...rows] = within(await table()).getAllByRole('row');
    expect(within(header!).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Date', 'Customer group', 'User', 'Action']);
    expect(cellTexts(rows[0]!)).toEqual(['05/03/2024 14:04:05', 'North Region', 'Ada Demoadmin@demo.test', 'Signed in']);
    expect(cellTexts(rows[1]!)).toEqual(['05/03/2024 00:30:00', 'Demo Organisation', 'System', 'Created customer group North Region']);
    expect(screen.getByRole('heading', { level: 1, name: 'Activity Log' })).toBeTruthy();
    expect(lastPageRequest(api)).toEqual({ page: 1, page_size: 25 });
  });

  it('applies the filters: asks the server with them from page 1 and keeps them in the address', async () => {
    const api = activityLogCalls();
    const user = renderActivityLog(api, '/activity_log?page=2');
    await table();

    await user.selectOptions(screen.getByLabelText('Customer group'), 'north');
    await user.selectOptions(screen.getByLabelText('Category'), 'Sign-in');
    await user.type(screen.getByLabelText('Action contains'), 'signed');
    fireEvent.change(screen.getByLabelText('Date from'), { target: { value: '2024-03-01' } });
    fireEvent.change(screen.getByLabelText('Date to'), { target: { value: '2024-03-31' } });
    expect(api.getActivityLog).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(api.getActivityLog).toHaveBeenCalledTimes(2));
    expect(lastPageRequest(api)).toEqual({
      customer_group: 'north',
      category: 'sign_in',
      search: 'signed',
      date_from: '2024-03-01',
      date_to: '2024-03-31',
      page: 1,
      page_size: 25,
    });
    expect(currentAddress()).toBe('/activity_log?customer_group=north&category=sign_in&search=signed&date_from=2024-03-01&date_to=2024-03-31');
  });

  it('opens with the filters of a shared link, and Reset clears them', async () => {
    const api = activityLogCalls();
    const user = renderActivityLog(api, '/activity_log?category=user&search=Ada&page_size=50');
    await table();

    expect(lastPageRequest(api)).toEqual({ category: 'user', search: 'Ada', page: 1, page_size: 50 });
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('user');
    expect((screen.getByLabelText('Action contains') as HTMLInputElement).value).toBe('Ada');

    await user.click(screen.getByRole('button', { name: 'Reset' }));

    await waitFor(() => expect(lastPageRequest(api)).toEqual({ page: 1, page_size: 50 }));
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Action contains') as HTMLInputElement).value).toBe('');
    expect(currentAddress()).toBe('/activity_log?page_size=50');
  });

  it('pages through the entries and changes the page size', async () => {
    const api = activityLogCalls({ getActivityLog: jest.fn(pageOf(60, (page) => [anEntry(page, { action: `Entry on page ${page}` })])) });
    const user = renderActivityLog(api);
    const pages = await screen.findByRole('navigation', { name: 'Activity log pages' });

    expect(within(pages).getByText('60 entries')).toBeTruthy();
    expect(within(pages).getByText('Page 1 of 3')).toBeTruthy();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Entry on page 2')).toBeTruthy();
    expect(within(pages).getByText('Page 2 of 3')).toBeTruthy();
    expect(lastPageRequest(api)).toEqual({ page: 2, page_size: 25 });
    expect(currentAddress()).toBe('/activity_log?page=2');

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Entry on page 3')).toBeTruthy();
    expect(within(pages).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);

    await user.selectOptions(within(pages).getByLabelText('Rows per page'), '50');
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
    expect(lastPageRequest(api)).toEqual({ page: 1, page_size: 50 });
  });

  it('says when no activity matches', async () => {
    renderActivityLog(activityLogCalls({ getActivityLog: jest.fn(pageOf(0)) }), '/activity_log?search=nothing');

    expect(await screen.findByText('No activity matches these filters.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows why the server refused the filters', async () => {
    const refusal = new ApiError(400, { detail: 'Some filters are not valid.', date_to: ['The end date must not be before the start date.'] });
    renderActivityLog(activityLogCalls({ getActivityLog: jest.fn(() => Promise.reject(refusal)) }), '/activity_log?date_from=2024-03-31&date_to=2024-03-01');

    expect((await screen.findByRole('alert')).textContent).toBe('Some filters are not valid. The end date must not be before the start date.');
  });

  it('shows the spec’s text for a server error, and loads again on Try again', async () => {
    const getActivityLog = jest.fn(pageOf(1, () => [anEntry(1)]));
    getActivityLog.mockRejectedValueOnce(new ApiError(500, SERVER_ERROR_TEXT));
    const user = renderActivityLog(activityLogCalls({ getActivityLog }));

    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred. Please contact your administrator.');
    expect(screen.queryByRole('table')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await table()).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  describe('export', () => {
    const downloads: { href: string; download: string }[] = [];

    beforeEach(() => {
      downloads.length = 0;
      Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:activity-log'), revokeObjectURL: jest.fn() });
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push({ href: this.href, download: this.download });
      });
    });

    afterEach(() => {
      jest.restoreAllMocks();
    });

    it('exports the applied filters and downloads the file the server names', async () => {
      let finish: (file: DownloadedFile) => void = () => undefined;
      const exportActivityLogSummary = jest.fn((_filters: ActivityLogFiltersDto) => new Promise<DownloadedFile>((resolve) => (finish = resolve)));
      const user = renderActivityLog(activityLogCalls({ exportActivityLogSummary }), '/activity_log?category=sign_in&search=signed&page=2');
      await table();

      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      const exporting = screen.getByRole('button', { name: 'Exporting…' });
      expect(exporting.getAttribute('aria-disabled')).toBe('true');
      await user.click(exporting);
      finish(CSV);

      expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeTruthy();
      expect(exportActivityLogSummary).toHaveBeenCalledTimes(1);
      expect(exportActivityLogSummary).toHaveBeenCalledWith({ category: 'sign_in', search: 'signed' });
      expect(URL.createObjectURL).toHaveBeenCalledWith(CSV.blob);
      expect(downloads).toEqual([{ href: 'blob:activity-log', download: 'activity-log-2024-03-05.csv' }]);
    });

    it('tells the user when the export failed', async () => {
      const exportActivityLogSummary = jest.fn(() => Promise.reject(new ApiError(500, SERVER_ERROR_TEXT)));
      const user = renderActivityLog(activityLogCalls({ exportActivityLogSummary }));
      await table();

      await user.click(screen.getByRole('button', { name: 'Export CSV' }));

      expect((await screen.findByRole('alert')).textContent).toContain('An error occurred. Please contact your administrator.');
      expect(downloads).toEqual([]);
    });
  });
});
