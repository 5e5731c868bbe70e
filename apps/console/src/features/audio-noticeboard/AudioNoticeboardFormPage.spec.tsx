import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { BLANK, NOT_A_NOTICEBOARD_NUMBER, tooLong, type CustomerPermission } from '@beacon/domain';
import { aSessionAs, renderConsoleAs } from '../../testing/render-console-as';
import { currentPath, descriptionOf, findSnackbar } from '../../testing/sign-in';
import { aNoticeboard, FakeAudioNoticeboardServer } from './testing/fake-audio-noticeboard-server';

// The pages are lazy chunks: loading them once up front keeps the first test within the find timeouts.
beforeAll(async () => {
  await Promise.all([import('./AudioNoticeboardFormPage'), import('./AudioNoticeboardListPage')]);
});

/** A group with noticeboard numbers, so the routes' rules let the user in. */
const withNumbers = { settings: { noticeboard_numbers: ['+442079460000'] } };

function renderAt(path: string, server = new FakeAudioNoticeboardServer(), role: CustomerPermission = 'ADMIN') {
  renderConsoleAs(aSessionAs(role, withNumbers), path, {}, server.api);
  return { user: userEvent.setup(), server };
}

const form = (name: string) => screen.findByRole('form', { name });
const messageBox = () => screen.getByRole('textbox', { name: 'Message' });
const rowOf = (phoneNumber: string) => screen.getByRole('rowheader', { name: phoneNumber }).closest('tr') as HTMLElement;

describe('Create Audio Noticeboard', () => {
  it('offers the numbers without a message, checks the message as typed, saves it and returns to the list', async () => {
    const server = new FakeAudioNoticeboardServer([
      aNoticeboard('+442079460000', { message: 'The bridge is closed.' }),
      aNoticeboard('+442079460001', { provider: 'twillio', is_voice: false }),
      aNoticeboard('+442079460002'),
    ]);
    const { user } = renderAt('/audio_noticeboard/add', server);

    await form('Create Audio Noticeboard');
    const number = screen.getByRole('combobox', { name: 'Noticeboard number' });
    expect(within(number).getAllByRole('option').map((option) => option.textContent)).toEqual([
      '+442079460001 (twillio)',
      '+442079460002 (noticeboard, voice)',
    ]);
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Audio Noticeboard' })).toBeTruthy();
    await user.selectOptions(number, '+442079460002');

    expect(descriptionOf(messageBox())).toBe('0 of 1000 characters');
    await user.type(messageBox(), 'x');
    await user.clear(messageBox());
    expect(messageBox().getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(messageBox())).toBe(`0 of 1000 characters ${BLANK}`);

    await user.type(messageBox(), 'Lines are open until 6pm.');
    expect(messageBox().getAttribute('aria-invalid')).toBeNull();
    expect(descriptionOf(messageBox())).toBe('25 of 1000 characters');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await findSnackbar('Audio noticeboard for +442079460002 created.')).not.toBeNull();
    await waitFor(() => expect(currentPath()).toBe('/audio_noticeboard'));
    await screen.findByRole('table', { name: 'Noticeboard numbers' });
    expect(within(rowOf('+442079460002')).getByText('Lines are open until 6pm.')).toBeTruthy();
    // The Save the keyboard was on is gone: the list's title takes it.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Audio Noticeboard' }));
    expect(server.writes()).toEqual([
      { method: 'PATCH', path: '/api/audio-noticeboard/', body: { phone_number: '+442079460002', message: 'Lines are open until 6pm.' } },
    ]);
  });

  it('does not send a blank message: it says why and takes the keyboard to the message', async () => {
    const { user, server } = renderAt('/audio_noticeboard/add');

    await form('Create Audio Noticeboard');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(descriptionOf(messageBox())).toContain(BLANK);
    expect(document.activeElement).toBe(messageBox());
    expect(server.writes()).toEqual([]);
  });

  it('says a message over 1000 characters is too long, and does not send it', async () => {
    const { user, server } = renderAt('/audio_noticeboard/add');

    await form('Create Audio Noticeboard');
    await user.click(messageBox());
    await user.paste('x'.repeat(1001));
    expect(descriptionOf(messageBox())).toBe(`1001 of 1000 characters ${tooLong(1000)}`);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(server.writes()).toEqual([]);
  });

  it('says there is nothing to create when every number has a message', async () => {
    renderAt('/audio_noticeboard/add', new FakeAudioNoticeboardServer([aNoticeboard('+442079460000', { message: 'Set' })]));

    expect(await screen.findByText('Every noticeboard number of your customer group already has a message. Update one of them instead.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });
});

describe('Update Audio Noticeboard', () => {
  it('shows the number and its current message, saves the change and returns to the list', async () => {
    const { user, server } = renderAt('/audio_noticeboard/442079460000', new FakeAudioNoticeboardServer(), 'SENDER');

    await form('Update Audio Noticeboard');
    const number = screen.getByRole('textbox', { name: 'Noticeboard number' }) as HTMLInputElement;
    expect(number.value).toBe('+442079460000');
    expect(number.readOnly).toBe(true);
    expect((messageBox() as HTMLTextAreaElement).value).toBe('The bridge is closed.');
    expect(descriptionOf(messageBox())).toBe('21 of 1000 characters');

    await user.clear(messageBox());
    await user.type(messageBox(), 'The bridge is open again.');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await findSnackbar('Audio noticeboard for +442079460000 updated.')).not.toBeNull();
    await waitFor(() => expect(currentPath()).toBe('/audio_noticeboard'));
    await screen.findByRole('table', { name: 'Noticeboard numbers' });
    expect(within(rowOf('+442079460000')).getByText('The bridge is open again.')).toBeTruthy();
    expect(server.messageOf('+442079460000')).toBe('The bridge is open again.');
  });

  it('shows the server’s refusal next to the field it is about, and takes the keyboard there', async () => {
    const { user, server } = renderAt('/audio_noticeboard/442079460000');
    await form('Update Audio Noticeboard');
    server.removeNumber('+442079460000');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    const number = screen.getByRole('textbox', { name: 'Noticeboard number' });
    await waitFor(() => expect(descriptionOf(number)).toBe(NOT_A_NOTICEBOARD_NUMBER));
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(number);
    expect(within(await screen.findByRole('alert')).getByText('Invalid audio noticeboard.')).toBeTruthy();
    expect(currentPath()).toBe('/audio_noticeboard/442079460000');
  });

  it.each([['442079460999'], ['not-a-number']])('says the noticeboard %p is not found', async (id) => {
    renderAt(`/audio_noticeboard/${id}`);

    expect(await screen.findByRole('heading', { level: 2, name: 'Noticeboard not found' })).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Audio Noticeboard' }).getAttribute('href')).toBe('/audio_noticeboard');
  });

  it('leaves without saving on Cancel', async () => {
    const { user, server } = renderAt('/audio_noticeboard/442079460000');
    await form('Update Audio Noticeboard');

    await user.type(messageBox(), ' More.');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));

    await waitFor(() => expect(currentPath()).toBe('/audio_noticeboard'));
    expect(server.writes()).toEqual([]);
  });
});
