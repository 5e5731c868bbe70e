import type { AnsweredResponsePageDto, AnswerResponsePageRequest, ResponsePageDto } from '@beacon/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, jest } from '@jest/globals';
import type { ApiClient, Method } from '../../api/api-client';
import { ApiError, SERVER_ERROR_TEXT } from '../../api/api-error';
import { renderApp } from '../../testing/sign-in';
import { stubApi } from '../../testing/stub-api';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';

const aPoll = (overrides: Partial<ResponsePageDto> = {}): ResponsePageDto => ({
  message: 'Gas leak on Mill Road.\nAre you safe?',
  options: [
    { digit: '1', text: 'I am safe' },
    { digit: '2', text: 'I need help' },
  ],
  free_answer_max_length: 500,
  answer: null,
  closes_at: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

interface FakeServer {
  read?: () => Promise<ResponsePageDto>;
  answer?: (request: AnswerResponsePageRequest) => Promise<AnsweredResponsePageDto>;
}

/** The page's two public calls, answered by path like the server would. */
function fakeServer({ read = async () => aPoll(), answer = async () => ({ answer: 'I need help', digit: '2' }) }: FakeServer = {}) {
  const send = jest.fn(async (method: Method, path: string, body?: unknown): Promise<unknown> => {
    if (path !== `/api/respond/${TOKEN}/`) throw new Error(`unexpected call ${method} ${path}`);
    if (method === 'GET') return read();
    if (method === 'POST') return answer(body as AnswerResponsePageRequest);
    throw new Error(`unexpected call ${method} ${path}`);
  });
  return { api: stubApi({ send: send as ApiClient['send'] }), send, answers: () => send.mock.calls.filter(([method]) => method === 'POST').map(([, , body]) => body) };
}

const open = (api: ApiClient) => renderApp(`/r/${TOKEN}`, { api });
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
/** The page once its message is read. */
const loaded = async () => {
  await heading('Respond to this message');
  await waitFor(() => expect(screen.queryByText('Loading the message…')).toBeNull());
};

describe('ResponsePage', () => {
  it('shows the message as written and its answers as buttons, without signing in or the console around it', async () => {
    open(fakeServer().api);
    await loaded();

    expect(screen.getByText(/^Gas leak on Mill Road/).textContent).toBe('Gas leak on Mill Road.\nAre you safe?');
    const choices = screen.getByRole('group', { name: 'Choose your answer' });
    expect([...choices.querySelectorAll('button')].map((button) => button.textContent)).toEqual(['I am safe', 'I need help']);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('records the answer chosen and confirms it, moving the focus to the confirmation', async () => {
    const server = fakeServer();
    const user = open(server.api);
    await loaded();

    await user.click(screen.getByRole('button', { name: 'I need help' }));

    await heading('Thank you, your answer was recorded');
    expect(server.answers()).toEqual([{ digit: '2' }]);
    const confirmation = screen.getByText(/Your answer:/).parentElement!;
    expect(confirmation.textContent).toContain('Your answer: I need help');
    await waitFor(() => expect(document.activeElement).toBe(confirmation));
    expect(screen.queryByRole('button', { name: 'I am safe' })).toBeNull();
  });

  it('takes the recipient’s own words when the message has no options, showing the server’s refusal at the field', async () => {
    const answer = jest
      .fn<(request: AnswerResponsePageRequest) => Promise<AnsweredResponsePageDto>>()
      .mockRejectedValueOnce(new ApiError(400, { detail: 'Write your answer.', text: ['Write your answer.'] }))
      .mockResolvedValueOnce({ answer: 'At the library', digit: null });
    const server = fakeServer({ read: async () => aPoll({ options: [] }), answer });
    const user = open(server.api);
    await loaded();

    const field = screen.getByLabelText('Your answer');
    expect(field.getAttribute('maxlength')).toBe('500');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Write your answer.', { selector: 'span' })).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await user.type(field, 'At the library');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    await heading('Thank you, your answer was recorded');
    expect(server.answers()).toEqual([{ text: '' }, { text: 'At the library' }]);
  });

  it('says the message was already answered, on opening and when a second answer is refused', async () => {
    open(fakeServer({ read: async () => aPoll({ answer: 'I am safe' }) }).api);
    expect(await screen.findByText('You have already answered this message.')).toBeTruthy();
    expect(screen.getByText(/Your answer:/).textContent).toBe('Your answer: I am safe');
    expect(screen.queryByRole('button', { name: 'I am safe' })).toBeNull();
  });

  it('after a refused second answer, says it was already answered', async () => {
    const user = open(fakeServer({ answer: async () => Promise.reject(new ApiError(409, { detail: 'You have already answered this message.' })) }).api);
    await loaded();
    await user.click(screen.getByRole('button', { name: 'I am safe' }));
    expect(await screen.findByText('You have already answered this message.')).toBeTruthy();
  });

  it.each([
    [404, 'This link does not lead to a message. Check that it was copied whole.'],
    [410, 'This message no longer takes answers.'],
  ])('answers %s with the server’s reason and nothing to answer', async (status, words) => {
    open(fakeServer({ read: async () => Promise.reject(new ApiError(status, { detail: words })) }).api);
    expect((await screen.findByRole('alert')).textContent).toBe(words);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers to try again after a failure of the server', async () => {
    const read = jest.fn<() => Promise<ResponsePageDto>>().mockRejectedValueOnce(new ApiError(500, {})).mockResolvedValueOnce(aPoll());
    const user = open(fakeServer({ read }).api);
    expect((await screen.findByRole('alert')).textContent).toBe(SERVER_ERROR_TEXT);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'I am safe' })).toBeTruthy();
  });
});
