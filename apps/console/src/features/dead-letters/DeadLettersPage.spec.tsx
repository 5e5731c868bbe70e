import type { DeadLetterDto, DeadLetterPageDto, RetryDeadLettersAnswerDto } from '@beacon/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from '@jest/globals';
import type { ApiClient } from '../../api/api-client';
import { ApiError, SERVER_ERROR_TEXT } from '../../api/api-error';
import { aSessionAs, renderConsoleAs } from '../../testing/render-console-as';
import { currentPath } from '../../testing/sign-in';
import { stubApi } from '../../testing/stub-api';

const letter = (n: number, fields: Partial<DeadLetterDto> = {}): DeadLetterDto => ({
  id: `s1.u${n}.f1:SMS.1`,
  session_id: 's1',
  message_name: 'Site evacuation',
  recipient_id: `u${n}`,
  recipient_name: `Person${n} Recipient`,
  channel: 'SMS',
  address: `+44791112310${n}`,
  attempt: 1,
  reason: 'Claimed too many times without an answer from the provider.',
  dead_lettered_at: '2025-03-05T14:07:00.000Z',
  retried: null,
  ...fields,
});

/** A fake server of dead letters: the list, and a retry that marks each retried once (as the API does). */
function fakeDeadLetters(initial: readonly DeadLetterDto[], { failRetry = false } = {}) {
  const letters = [...initial];
  const retries: string[][] = [];
  let release: () => void = () => undefined;
  const held = { hold: false };
  const send = (async (method: string, path: string, body?: unknown) => {
    const url = new URL(path, 'http://console');
    if (method === 'GET' && url.pathname === '/api/simulator/') return { channels: [] };
    if (method === 'GET' && url.pathname === '/api/dead_letters/') {
      const page = Number(url.searchParams.get('page') ?? '1');
      const size = Number(url.searchParams.get('page_size') ?? '25');
      const answer: DeadLetterPageDto = {
        count: letters.length,
        next: page * size < letters.length ? page + 1 : null,
        previous: page > 1 ? page - 1 : null,
        results: letters.slice((page - 1) * size, page * size),
      };
      return answer;
    }
    if (method === 'POST' && url.pathname === '/api/dead_letters/retry/') {
      const { ids } = body as { ids: string[] };
      retries.push(ids);
      if (held.hold) await new Promise<void>((resolve) => (release = resolve));
      if (failRetry) throw new ApiError(500, SERVER_ERROR_TEXT);
      const answer: RetryDeadLettersAnswerDto = { retried: [], already_retried: [] };
      for (const id of ids) {
        const index = letters.findIndex((entry) => entry.id === id);
        const entry = letters[index]!;
        if (entry.retried) answer.already_retried.push(id);
        else {
          const retryAs = id.replace(/\d+$/, (attempt) => String(Number(attempt) + 1));
          letters[index] = { ...entry, retried: { as: retryAs, at: '2025-03-05T15:00:00.000Z', by: 'admin', queued: true } };
          answer.retried.push({ id, retry_as: retryAs });
        }
      }
      return answer;
    }
    throw new Error(`unexpected ${method} ${path}`);
  }) as ApiClient['send'];
  return { send, retries, held, release: () => release() };
}

function open(send: ApiClient['send'], path = '/dead_letters') {
  const session = aSessionAs('ADMIN');
  renderConsoleAs({ ...session, user: { ...session.user, preferred_timezone: 'Europe/London' } }, path, {}, stubApi({ send, getEmailOutbox: async () => ({ results: [] }) }));
  return userEvent.setup();
}

describe('DeadLettersPage', () => {
  it('lists the dead letters: when, the message, the person and address, the channel, the reason and the status', async () => {
    open(fakeDeadLetters([letter(1), letter(2, { retried: { as: 's1.u2.f1:SMS.2', at: '2025-03-05T15:00:00.000Z', by: 'admin', queued: false } })]).send);

    const table = await screen.findByRole('table', { name: 'Dead letters, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getAllByRole('cell').slice(1).map((cell) => cell.textContent)).toEqual([
      '05/03/2025 14:07:00',
      'Site evacuations1',
      'Person1 Recipient+447911123101',
      'SMS',
      'Claimed too many times without an answer from the provider.',
      'Set aside',
    ]);
    expect(within(rows[1]!).getByText('Retry queued')).toBeTruthy();
    expect((within(rows[1]!).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
  });

  it('says when there are none', async () => {
    open(fakeDeadLetters([]).send);
    expect(await screen.findByRole('heading', { name: 'No dead letters' })).toBeTruthy();
  });

  it('retries the chosen ones, shows the progress and the outcome, and marks them retried', async () => {
    const server = fakeDeadLetters([letter(1), letter(2), letter(3)]);
    server.held.hold = true;
    const user = open(server.send);

    const retry = await screen.findByRole('button', { name: 'Retry selected' });
    expect((retry as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Select the SMS message to Person1 Recipient' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select the SMS message to Person3 Recipient' }));
    await user.click(screen.getByRole('button', { name: 'Retry 2 selected' }));

    expect(await screen.findByText('Retrying 2 dead letters…')).toBeTruthy();
    expect(server.retries).toEqual([['s1.u1.f1:SMS.1', 's1.u3.f1:SMS.1']]);
    server.release();

    expect(await screen.findByText('2 dead letters were retried.')).toBeTruthy();
    const rows = await screen.findAllByRole('row');
    expect(await within(rows[1]!).findByText('Retried')).toBeTruthy();
    expect((within(rows[1]!).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    expect(within(rows[2]!).getByText('Set aside')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry selected' })).toBeTruthy();
  });

  it('chooses every one not retried yet with the header checkbox, by keyboard', async () => {
    const server = fakeDeadLetters([letter(1), letter(2, { retried: { as: 'x', at: '2025-03-05T15:00:00.000Z', by: 'a', queued: true } }), letter(3)]);
    const user = open(server.send);

    const all = await screen.findByRole('checkbox', { name: 'Select every dead letter on this page not retried yet' });
    all.focus();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Retry 2 selected' })).toBeTruthy();
  });

  it('says when the retry failed and keeps the choice to try again', async () => {
    const user = open(fakeDeadLetters([letter(1)], { failRetry: true }).send);

    await user.click(await screen.findByRole('checkbox', { name: 'Select the SMS message to Person1 Recipient' }));
    await user.click(screen.getByRole('button', { name: 'Retry 1 selected' }));

    expect((await screen.findByRole('alert')).textContent).toBe(`The dead letters were not retried: ${SERVER_ERROR_TEXT}`);
    expect(screen.getByRole('button', { name: 'Retry 1 selected' })).toBeTruthy();
  });

  it('is linked from an admin’s Dashboard', async () => {
    const user = open(fakeDeadLetters([letter(1)]).send, '/');
    await user.click(await screen.findByRole('link', { name: 'Dead letters' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dead letters' })).toBeTruthy();
    expect(currentPath()).toBe('/dead_letters');
  });
});
