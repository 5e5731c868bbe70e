import { beforeAll, describe, expect, it } from '@jest/globals';
import type { CustomerPermission } from '@beacon/contracts';
import { screen, within } from '@testing-library/react';
import { aSessionAs, renderConsoleAs } from '../../testing/render-console-as';
import { FakeReportServer, SESSION_ID } from './testing/fake-report-server';

beforeAll(async () => {
  await import('./DispatchesOverviewPage');
});

const PATH = `/message/sessions/${SESSION_ID}/dispatches_overview`;

function renderOverview(role: CustomerPermission, server = new FakeReportServer()) {
  renderConsoleAs(aSessionAs(role), PATH, {}, server.api);
  return server;
}

describe('DispatchesOverviewPage', () => {
  it.each<CustomerPermission>(['ADMIN', 'OPERATOR', 'SENDER'])('shows a %s the statistics and the charts of the session', async (role) => {
    renderOverview(role);

    const statistics = await screen.findByRole('region', { name: 'Site evacuation' });
    expect(screen.getByRole('heading', { level: 1, name: 'Dispatches overview' })).toBeTruthy();
    expect(within(statistics).getByText('Total recipients').nextElementSibling!.textContent).toBe('25');
    expect(screen.getByRole('figure', { name: 'People by state' })).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'People by reply' })).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Replies over time' })).toBeTruthy();
  });

  it('shows no people and no address, and asks for none', async () => {
    const server = renderOverview('ADMIN');
    await screen.findByRole('region', { name: 'Site evacuation' });

    expect(screen.queryByRole('region', { name: 'People' })).toBeNull();
    expect(screen.queryByRole('search', { name: 'Filter people' })).toBeNull();
    expect(screen.getByRole('main').textContent).not.toMatch(/\+44|@demo\.test/);
    expect(server.calls.map((call) => call.path)).toEqual([
      '/api/session/session-7/report-details/',
      '/api/session/session-7/recipients/aggregate/state/',
      '/api/session/session-7/recipients/aggregate/reply/',
      '/api/session/session-7/recipients/aggregate/reply_time/',
    ]);
  });
});
