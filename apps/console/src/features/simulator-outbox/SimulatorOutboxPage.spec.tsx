import type { SimulatedMessageDto, SimulatedMessagePageDto, SimulatorDto } from '@beacon/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from '@jest/globals';
import type { ApiClient } from '../../api/api-client';
import { ApiError, SERVER_ERROR_TEXT } from '../../api/api-error';
import { aSessionAs, renderConsoleAs } from '../../testing/render-console-as';
import { currentPath } from '../../testing/sign-in';
import { stubApi } from '../../testing/stub-api';

const message = (n: number, fields: Partial<SimulatedMessageDto> = {}): SimulatedMessageDto => ({
  id: `s1.u${n}.f1:SMS.1`,
  session_id: 's1',
  message_name: 'Site evacuation',
  channel: 'SMS',
  address: `+4479111231${String(n).padStart(2, '0')}`,
  subject: null,
  text: 'Leave the building by the nearest exit now.',
  sent_at: `2025-03-05T14:${String(59 - n).padStart(2, '0')}:00.000Z`,
  outcome: 'delivered',
  reason: null,
  reply: null,
  ...fields,
});

/** A fake server of the outbox: `messages` newest first, paged and filtered by channel as the API does. */
function fakeOutbox(messages: readonly SimulatedMessageDto[], channels: SimulatorDto['channels'] = ['SMS']) {
  const asked: URL[] = [];
  const send = (async (method: string, path: string) => {
    const url = new URL(path, 'http://console');
    if (method === 'GET' && url.pathname === '/api/simulator/') return { channels };
    if (method !== 'GET' || url.pathname !== '/api/simulator/outbox/') throw new Error(`unexpected ${method} ${path}`);
    asked.push(url);
    const page = Number(url.searchParams.get('page') ?? '1');
    const size = Number(url.searchParams.get('page_size') ?? '25');
    const channel = url.searchParams.get('channel');
    const matching = messages.filter((entry) => !channel || entry.channel === channel);
    const answer: SimulatedMessagePageDto = {
      count: matching.length,
      next: page * size < matching.length ? page + 1 : null,
      previous: page > 1 ? page - 1 : null,
      results: matching.slice((page - 1) * size, page * size),
    };
    return answer;
  }) as ApiClient['send'];
  return { send, asked };
}

function open(send: ApiClient['send'], path = '/simulator/outbox') {
  const session = aSessionAs('ADMIN');
  renderConsoleAs({ ...session, user: { ...session.user, preferred_timezone: 'Europe/London' } }, path, {}, stubApi({ send, getEmailOutbox: async () => ({ results: [] }) }));
  return userEvent.setup();
}

describe('SimulatorOutboxPage', () => {
  it('lists what the simulator sent, newest first: when, the channel, to whom, the text, the session and the outcome', async () => {
    open(fakeOutbox([message(1), message(2, { channel: 'EMAIL', address: 'sam@demo.test', subject: 'Evacuate', outcome: 'failed', reason: 'Simulated failure.' })]).send);

    const table = await screen.findByRole('table', { name: 'Messages sent through the simulator, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '05/03/2025 14:58:00',
      'SMS',
      '+447911123101',
      'Leave the building by the nearest exit now.',
      'Site evacuations1',
      'Delivered',
    ]);
    expect(within(rows[1]!).getByText('Evacuate')).toBeTruthy();
    expect(within(rows[1]!).getByText('Failed')).toBeTruthy();
    expect(within(rows[1]!).getByText('Simulated failure.')).toBeTruthy();
    expect(screen.getByText('2 messages')).toBeTruthy();
  });

  it('says when nothing was sent yet', async () => {
    open(fakeOutbox([]).send);

    expect(await screen.findByRole('heading', { name: 'Nothing sent yet' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('pages with Next and Previous, and filters by channel from the first page', async () => {
    const server = fakeOutbox(Array.from({ length: 30 }, (_, n) => message(n)));
    const user = open(server.send);

    await screen.findByText('30 messages');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('+447911123125')).toBeTruthy();
    expect(server.asked.at(-1)?.searchParams.get('page')).toBe('2');

    await user.selectOptions(screen.getByLabelText('Channel'), 'EMAIL');
    expect(await screen.findByText('The simulator has sent nothing on this channel.')).toBeTruthy();
    expect(server.asked.at(-1)?.searchParams.get('page')).toBe('1');
    expect(server.asked.at(-1)?.searchParams.get('channel')).toBe('EMAIL');
  });

  it('shows why the outbox could not be read, and reads it again on Refresh', async () => {
    let calls = 0;
    const server = fakeOutbox([message(1)]);
    const user = open((async (method: string, path: string) => {
      if (path.startsWith('/api/simulator/outbox/') && calls++ === 0) throw new ApiError(500, SERVER_ERROR_TEXT);
      return server.send(method as 'GET', path);
    }) as ApiClient['send']);

    expect((await screen.findByRole('alert')).textContent).toBe(SERVER_ERROR_TEXT);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is linked from an admin’s Dashboard when the simulator sends some channel, and not otherwise', async () => {
    const user = open(fakeOutbox([message(1)]).send, '/');
    await user.click(await screen.findByRole('link', { name: 'Simulator outbox' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Simulator outbox' })).toBeTruthy();
    expect(currentPath()).toBe('/simulator/outbox');
  });

  it('is not linked when every channel has a real provider', async () => {
    open(fakeOutbox([], []).send, '/');
    expect(await screen.findByRole('link', { name: 'Dead letters' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Simulator outbox' })).toBeNull();
  });

  it('is neither linked for nor open to other roles', async () => {
    renderConsoleAs(aSessionAs('OPERATOR'), '/');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.queryByRole('link', { name: 'Simulator outbox' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Dead letters' })).toBeNull();
  });
});
