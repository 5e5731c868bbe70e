import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { CustomerPermission } from '@beacon/domain';
import { ApiError, SERVER_ERROR_TEXT } from '../../api/api-error';
import { aSessionAs, renderConsoleAs } from '../../testing/render-console-as';
import { aNoticeboard, FakeAudioNoticeboardServer } from './testing/fake-audio-noticeboard-server';

// The page is a lazy chunk: loading it once up front keeps the first test within the find timeouts.
beforeAll(async () => {
  await import('./AudioNoticeboardListPage');
});

/** A group with noticeboard numbers, so the route's rule lets the user in. */
const withNumbers = { settings: { noticeboard_numbers: ['+442079460000'] } };

function renderList(role: CustomerPermission = 'ADMIN', server = new FakeAudioNoticeboardServer()) {
  renderConsoleAs(aSessionAs(role, withNumbers), '/audio_noticeboard', {}, server.api);
  return { user: userEvent.setup(), server };
}

const table = () => screen.findByRole('table', { name: 'Noticeboard numbers' });
/** Each row as its cells' texts, the row header first. */
const rows = () =>
  within(screen.getByRole('table', { name: 'Noticeboard numbers' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...within(row).getAllByRole('rowheader'), ...within(row).getAllByRole('cell')].map((cell) => cell.textContent));
const createLink = () => screen.queryByRole('link', { name: 'Create audio noticeboard' });

describe('Audio Noticeboard list', () => {
  it('shows the group’s noticeboards with number, provider, voice, default and message, each linking to its update', async () => {
    renderList();

    await table();
    expect(screen.getByRole('heading', { level: 1, name: 'Audio Noticeboard' })).toBeTruthy();
    expect(rows()).toEqual([
      ['+442079460000', 'noticeboard', 'Yes', 'Yes', 'The bridge is closed.', 'Update +442079460000'],
      ['+442079460001', 'twillio', 'No', 'No', 'No message yet', 'Update +442079460001'],
    ]);
    expect(screen.getByRole('link', { name: 'Update +442079460000' }).getAttribute('href')).toBe('/audio_noticeboard/442079460000');
    expect(screen.getByRole('link', { name: 'Update +442079460001' }).getAttribute('href')).toBe('/audio_noticeboard/442079460001');
  });

  it.each<CustomerPermission>(['ADMIN', 'OPERATOR'])('offers Create to an %s while a number has no message yet', async (role) => {
    renderList(role);

    await table();
    expect(createLink()?.getAttribute('href')).toBe('/audio_noticeboard/add');
  });

  it('does not offer Create to a sender, whom the create rule refuses', async () => {
    renderList('SENDER');

    await table();
    expect(rows()).toHaveLength(2);
    expect(createLink()).toBeNull();
  });

  it('does not offer Create when every number has a message', async () => {
    renderList('ADMIN', new FakeAudioNoticeboardServer([aNoticeboard('+442079460000', { message: 'Set' })]));

    await table();
    expect(createLink()).toBeNull();
  });

  it('says so when the group has no noticeboard numbers', async () => {
    renderList('ADMIN', new FakeAudioNoticeboardServer([]));

    expect(await screen.findByText('Your customer group has no noticeboard numbers. An admin adds them in the dataset settings.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(createLink()).toBeNull();
  });

  it('says why the list could not be loaded, and loads it again on Try again', async () => {
    const { user } = renderList('ADMIN', new FakeAudioNoticeboardServer().failNext('GET', new ApiError(500, SERVER_ERROR_TEXT)));

    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred. Please contact your administrator.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await table();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
