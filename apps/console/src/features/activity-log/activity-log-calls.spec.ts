import { describe, expect, it, jest } from '@jest/globals';
import { createApiClient } from '../../api/api-client';
import { ApiError, SERVER_ERROR_TEXT } from '../../api/api-error';
import { memoryTokenStorage } from '../../testing/session-fixtures';

/** The API client's activity log calls, over a fake server. */
function clientAnswering(response: Response) {
  const fetch = jest.fn<typeof globalThis.fetch>(async () => response);
  const onUnauthorized = jest.fn();
  const onSuccess = jest.fn();
  const api = createApiClient({ tokenStorage: memoryTokenStorage('abc123'), onUnauthorized, onSuccess, fetch });
  const sent = () => {
    const [url, init] = fetch.mock.calls[0]!;
    return { url, method: init?.method, headers: init?.headers as Record<string, string>, body: init?.body };
  };
  return { api, sent, onUnauthorized, onSuccess };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('activity log calls', () => {
  it('asks for a page with the filters in the query string, lists repeated and empty ones left out', async () => {
    const page = { data: { activity_logs: [], count: 0, page: 2, page_size: 50, number_of_pages: 1 } };
    const { api, sent } = clientAnswering(json(200, page));

    await expect(
      api.getActivityLog({ customer_group: 'north', category: ['user', 'sign_in'], search: 'Ada L', date_from: '', page: 2, page_size: 50 }),
    ).resolves.toEqual(page);

    expect(sent().url).toBe('/api/activity_log/?customer_group=north&category=user&category=sign_in&search=Ada+L&page=2&page_size=50');
    expect(sent().method).toBe('GET');
    expect(sent().headers['Authorization']).toBe('Token abc123');
  });

  it('asks for the first page without a query string when nothing is filtered', async () => {
    const { api, sent } = clientAnswering(json(200, {}));
    await api.getActivityLog({});
    expect(sent().url).toBe('/api/activity_log/');
  });

  it('asks for the customer groups the filter offers', async () => {
    const { api, sent } = clientAnswering(json(200, { data: { customer_groups: [] } }));
    await api.getActivityLogCustomerGroups();
    expect(sent().url).toBe('/api/activity_log/customer_group/');
  });

  it('posts the export’s filters as JSON and gives back the file, bytes and name as the server sent them', async () => {
    const csv = '\uFEFFDate,Customer group,User,Action,Details\r\n';
    const { api, sent, onSuccess } = clientAnswering(
      new Response(csv, {
        status: 200,
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="activity-log-2024-03-05.csv"' },
      }),
    );

    const file = await api.exportActivityLogSummary({ category: 'sign_in', search: 'signed' });

    expect(sent().url).toBe('/api/activity_log/export_summary/');
    expect(sent().method).toBe('POST');
    expect(JSON.parse(sent().body as string)).toEqual({ category: 'sign_in', search: 'signed' });
    expect(file.filename).toBe('activity-log-2024-03-05.csv');
    expect(new Uint8Array(await file.blob.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(await file.blob.text()).toContain('Date,Customer group,User,Action,Details');
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('fails an export as any call fails: the server’s message, the spec’s text for a 500, logout on 403', async () => {
    await expect(
      clientAnswering(json(400, { detail: 'Some filters are not valid.' })).api.exportActivityLogSummary({}),
    ).rejects.toEqual(new ApiError(400, { detail: 'Some filters are not valid.' }));
    await expect(clientAnswering(json(500, { detail: 'Internal' })).api.exportActivityLogSummary({})).rejects.toHaveProperty(
      'data',
      SERVER_ERROR_TEXT,
    );
    const forbidden = clientAnswering(json(403, { detail: 'Forbidden.' }));
    await expect(forbidden.api.exportActivityLogSummary({})).rejects.toHaveProperty('status', 403);
    expect(forbidden.onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
