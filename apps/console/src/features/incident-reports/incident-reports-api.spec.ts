import { describe, expect, it, jest } from '@jest/globals';
import type { ApiClient } from '../../api/api-client';
import { incidentReportsApi } from './incident-reports-api';

/** The generic send, answering `answer` to every call. */
const sendAnswering = (answer: unknown) => jest.fn(async (..._args: unknown[]) => answer) as unknown as ApiClient['send'] & ReturnType<typeof jest.fn>;

describe('incident reports calls', () => {
  it('asks for a filtered page with the filters as JSON, the page size and the page', async () => {
    const send = sendAnswering({ data: [], count: 0, number_of_pages: 1 });
    await incidentReportsApi({ send }).filteredIncidents({ filters: { state: ['active'], search: 'a&b' }, itemsPerPage: '10', page: 2 });

    const [method, path] = send.mock.lastCall as unknown as [string, string];
    const url = new URL(path, 'http://console.test');
    expect(method).toBe('GET');
    expect(url.pathname).toBe('/api/incidents/incident/filters/');
    expect(JSON.parse(url.searchParams.get('filters')!)).toEqual({ state: ['active'], search: 'a&b' });
    expect(url.searchParams.get('items_per_page')).toBe('10');
    expect(url.searchParams.get('page')).toBe('2');
  });

  it('sends no page when every incident is asked for', async () => {
    const send = sendAnswering({ data: [], count: 0, number_of_pages: 1 });
    await incidentReportsApi({ send }).filteredIncidents({ filters: {}, itemsPerPage: 'All' });

    expect(send).toHaveBeenCalledWith('GET', '/api/incidents/incident/filters/?filters=%7B%7D&items_per_page=All');
  });

  it('posts the summary request and reads the forms', async () => {
    const send = sendAnswering(undefined);
    const api = incidentReportsApi({ send });
    await api.reportSummary({ state: ['closed'] });
    await api.incidentForms();

    expect(send.mock.calls).toEqual([
      ['POST', '/api/incidents/incident_report_summary/', { state: ['closed'] }],
      ['GET', '/api/incidents/form/'],
    ]);
  });
});
