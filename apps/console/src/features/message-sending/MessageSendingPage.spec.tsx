import type { CustomerPermission } from '@beacon/contracts';
import { NO_MATCHING_RESULTS_MESSAGE, NO_RECIPIENTS } from '@beacon/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ApiError, NETWORK_ERROR_TEXT, SERVER_ERROR_TEXT } from '../../api/api-error';
import { aSessionAs, renderConsoleAs } from '../../testing/render-console-as';
import { LIST_REFRESH_GAP_MS } from './machines/message-sending.machine';
import { FakeSendingServer } from './testing/fake-sending-server';

// The page is a lazy chunk: loading it once up front keeps the first test within the find timeouts.
beforeAll(async () => {
  await import('./MessageSendingPage');
});

function renderSending(server = new FakeSendingServer(), { role = 'ADMIN', path = '/message_sending' }: { role?: CustomerPermission; path?: string } = {}) {
  renderConsoleAs(aSessionAs(role), path, {}, server.api);
  return { user: userEvent.setup(), server };
}

const main = () => within(screen.getByRole('main'));
const table = () => screen.findByRole('table', { name: /you can send/ });
/** Each row as its cells' text, the row header first and the Send button left out. */
const rows = () =>
  within(screen.getByRole('table', { name: /you can send/ }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell').slice(0, 4)].map((cell) => cell.textContent));
const progressPanel = () => screen.findByRole('region', { name: /Site evacuation/ });
const counts = (panel: HTMLElement) =>
  Object.fromEntries(Array.from(panel.querySelectorAll('dl > div'), (pair) => [pair.querySelector('dt')!.textContent, pair.querySelector('dd')!.textContent]));

/** Send pressed on a row, and the confirmation it opens. */
async function pressSend(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: `Send ${name}` }));
  return screen.findByRole('alertdialog');
}

describe('MessageSendingPage', () => {
  it('lists the messages with their latest sends, delivered of all, and the next one scheduled', async () => {
    renderSending();

    await table();
    expect(screen.getByRole('heading', { level: 1, name: 'Send Message' })).toBeTruthy();
    expect(rows()).toEqual([
      ['Site evacuation', 'Real', 'SMS, Voice Call, Email', '26/02/2026 09:00 Complete 480 of 500 messages delivered', 'None'],
      ['Fire drill (test)', 'Test', 'SMS', 'Not sent yet', '10/03/2026 10:00'],
      ['IT outage: are you affected?', 'Real', 'SMS, Email', 'Not sent yet', 'None'],
    ]);
    expect(screen.getByRole('table', { name: 'Messages you can send, last changed first (times in Europe/Oslo)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Site evacuation' }).getAttribute('href')).toBe('/message_sending/scenario/edit/site-evacuation');
    expect(within(screen.getByRole('navigation', { name: 'Message pages' })).getByText('3 messages')).toBeTruthy();
    // The organisation has no daily quotas: nothing is said of them.
    expect(screen.queryByRole('region', { name: 'Daily quotas' })).toBeNull();
  });

  it('shows the daily quotas’ use under the title, each limited channel with what is left, one used up said so in words', async () => {
    renderSending(new FakeSendingServer().limit('SMS', 5, 3).limit('EMAIL', 1000, 1000));

    const quotas = await screen.findByRole('region', { name: 'Daily quotas' });
    expect(within(quotas).getAllByRole('listitem').map((line) => line.textContent)).toEqual(['SMS: 3 of 5 used today (2 left)', 'Email: 1,000 of 1,000 used today (none left)']);
    // Used up: in words, and in bold beside a bar, not by its colour alone.
    expect(within(quotas).getByText('Email: 1,000 of 1,000 used today (none left)').tagName).toBe('STRONG');
    expect(within(quotas).getByText('SMS: 3 of 5 used today (2 left)').tagName).toBe('LI');
    expect(within(quotas).getByText('Quotas start again at 00:00 (Europe/London), 01:00 in your time zone (Europe/Oslo).')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).compareDocumentPosition(quotas) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows real or test messages, and searches by name or message ID', async () => {
    const { user } = renderSending();
    await table();
    const filters = screen.getByRole('search', { name: 'Filter messages to send' });

    await user.click(within(filters).getByRole('radio', { name: 'Test' }));
    await waitFor(() => expect(rows().map((cells) => cells[0])).toEqual(['Fire drill (test)']));

    await user.click(within(filters).getByRole('radio', { name: 'All' }));
    await user.type(within(filters).getByRole('searchbox', { name: 'Search by name or message ID' }), 'nothing like it');
    expect(await screen.findByText(NO_MATCHING_RESULTS_MESSAGE)).toBeTruthy();
    expect(screen.queryByText('No messages to send yet')).toBeNull();
  });

  it('sends once confirmed and shows the session’s progress live until it is complete', async () => {
    const { user, server } = renderSending();

    const dialog = await pressSend(user, 'Site evacuation');
    expect(dialog.textContent).toContain('Send the real message “Site evacuation” now? It will reach 212 people.');
    expect(server.sends()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));

    const panel = await progressPanel();
    expect(within(panel).getByRole('heading', { level: 2, name: 'Sending “Site evacuation”' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(panel).getByRole('heading', { level: 2 })));
    expect(within(panel).getByText('Real message')).toBeTruthy();
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe('Status: Finding recipients'));
    expect(within(panel).getByRole('progressbar', { name: 'Messages finished' }).getAttribute('aria-valuenow')).toBeNull();
    expect(server.sends()).toEqual([expect.objectContaining({ path: '/api/scenario/site-evacuation/send_without_saving/', idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) })]);

    act(() => server.plan('session-1', 200, 530));
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe('Status: Sending'));
    act(() => server.report('session-1', { delivered: 400, replied: 20, failed: 10, sent: 50 }));
    await waitFor(() => expect(within(panel).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('430'));
    const bar = within(panel).getByRole('progressbar');
    expect([bar.getAttribute('aria-valuemin'), bar.getAttribute('aria-valuemax'), bar.getAttribute('aria-valuetext')]).toEqual(['0', '530', '430 of 530 messages finished (81%)']);
    expect(counts(panel)).toEqual({ People: '200 people', Messages: '530', Queued: '50', Sending: '0', Sent: '50', 'Being checked': '0', Delivered: '400', Replied: '20', Failed: '10' });

    act(() => {
      server.report('session-1', { delivered: 40, failed: 10 });
      server.report('session-1', { delivered: 50 }, 'sent');
      server.complete('session-1');
    });
    expect(await within(panel).findByRole('heading', { level: 2, name: '“Site evacuation” sent' })).toBeTruthy();
    expect(within(panel).getByRole('status').textContent).toBe('Status: Complete, 510 of 530 messages delivered.');
    expect(within(panel).getByRole('progressbar').getAttribute('aria-valuetext')).toBe('530 of 530 messages finished (100%)');
    const final = counts(panel);
    const byState = ['Queued', 'Sending', 'Sent', 'Being checked', 'Delivered', 'Replied', 'Failed'].reduce((sum, label) => sum + Number(final[label]), 0);
    expect(byState).toBe(530);
    // The list shows the new send as the latest, with its outcome.
    await waitFor(() => expect(rows()[0]![3]).toMatch(/^\d\d\/03\/2026 \d\d:\d\d Complete 510 of 530 messages delivered/));
  });

  it('sends nothing when the confirmation is declined, and names a test message as such', async () => {
    const server = new FakeSendingServer();
    server.people.set('fire-drill', 1);
    const { user } = renderSending(server);

    const dialog = await pressSend(user, 'Fire drill (test)');
    expect(dialog.textContent).toContain('Send the test message “Fire drill (test)” now? It will reach 1 person.');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.sends()).toEqual([]);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('warns in the confirmation when the send needs more than a daily quota has left', async () => {
    const server = new FakeSendingServer().limit('SMS', 5, 3);
    server.people.set('fire-drill', 3);
    const { user } = renderSending(server);

    const dialog = await pressSend(user, 'Fire drill (test)');

    expect(dialog.textContent).toContain(
      "Send the test message “Fire drill (test)” now? It will reach 3 people. It needs 3 messages by SMS, and the organisation's daily SMS quota is 5 messages: 3 used today, 2 left. It would be refused.",
    );
  });

  it('shows a send the daily quota refused as such, with why, and no progress', async () => {
    const { user, server } = renderSending(new FakeSendingServer().limit('SMS', 300, 100));
    await user.click(within(await pressSend(user, 'Site evacuation')).getByRole('button', { name: 'Send now' }));
    const panel = await progressPanel();
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe('Status: Finding recipients'));

    const why = "This send needs 212 messages by SMS, and the organisation's daily SMS quota is 300 messages: 100 used today, 200 left. Nothing was sent.";
    act(() => server.refuse('session-1', why));

    expect(await within(panel).findByRole('heading', { level: 2, name: '“Site evacuation” refused' })).toBeTruthy();
    expect(within(panel).getByRole('status').textContent).toBe('Status: Refused (daily quota)');
    expect(within(panel).getByText(why)).toBeTruthy();
    expect(within(panel).queryByRole('progressbar')).toBeNull();
    // The list follows (after its refresh gap), saying no more than that it was refused.
    await waitFor(() => expect(rows()[0]![3]).toMatch(/^\d\d\/03\/2026 \d\d:\d\d Refused \(daily quota\) 26\/02\/2026/), { timeout: LIST_REFRESH_GAP_MS + 1_000 });
  });

  it('sends once when Send now is pressed twice', async () => {
    const { user, server } = renderSending();
    const dialog = await pressSend(user, 'Site evacuation');

    await user.dblClick(within(dialog).getByRole('button', { name: 'Send now' }));

    await progressPanel();
    expect(server.sends()).toHaveLength(1);
  });

  it('says which tabs of Edit Message a refused send needs fixed, with links to them', async () => {
    const server = new FakeSendingServer().failNext(
      'POST',
      new ApiError(400, { recipients: [NO_RECIPIENTS], subject_line: ['An email subject line is required.'] }),
      /send_without_saving/,
    );
    const { user } = renderSending(server, { role: 'SENDER' });
    await user.click(within(await pressSend(user, 'Site evacuation')).getByRole('button', { name: 'Send now' }));

    // An error snackbar interrupts (alert) and waits for Dismiss.
    expect((await screen.findByText('Message “Site evacuation” was not sent.')).closest('[role="alert"]')).toBeTruthy();
    const failure = await screen.findByRole('region', { name: '“Site evacuation” was not sent' });
    await waitFor(() => expect(document.activeElement).toBe(within(failure).getByRole('heading', { level: 2 })));
    expect(within(failure).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `Recipients tab: ${NO_RECIPIENTS} Open Recipients in Edit Message`,
      'Devices tab: An email subject line is required. Open Devices in Edit Message',
    ]);
    expect(within(failure).getByRole('link', { name: 'Open Recipients in Edit Message' }).getAttribute('href')).toBe('/message_sending/scenario/edit/site-evacuation/recipients');
    expect(within(failure).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('offers to try a send that got no answer again, under the same key', async () => {
    const server = new FakeSendingServer().failNext('POST', new ApiError(0, NETWORK_ERROR_TEXT), /send_without_saving/);
    const { user } = renderSending(server);
    await user.click(within(await pressSend(user, 'IT outage: are you affected?')).getByRole('button', { name: 'Send now' }));

    const failure = await screen.findByRole('region', { name: '“IT outage: are you affected?” was not sent' });
    expect(within(failure).getByText(NETWORK_ERROR_TEXT)).toBeTruthy();
    await user.click(within(failure).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('region', { name: 'Sending “IT outage: are you affected?”' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: /was not sent/ })).toBeNull();
    const [first, again] = server.sends();
    expect(again!.idempotencyKey).toBe(first!.idempotencyKey);
  });

  it('lets a sender send', async () => {
    const { user, server } = renderSending(new FakeSendingServer(), { role: 'SENDER' });
    await user.click(within(await pressSend(user, 'Fire drill (test)')).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByRole('region', { name: 'Sending “Fire drill (test)”' })).toBeTruthy();
    expect(server.sends()).toHaveLength(1);
  });

  it.each<[CustomerPermission, string[]]>([
    ['ADMIN', ['/message/scenario/add']],
    ['OPERATOR', ['/message/scenario/add']],
    ['SENDER', []],
  ])('shows %s an empty state when there is nothing to send', async (role, links) => {
    renderSending(new FakeSendingServer([], []), { role });

    expect(await screen.findByRole('heading', { level: 2, name: 'No messages to send yet' })).toBeTruthy();
    expect(main().queryAllByRole('link', { name: 'Create Message' }).map((link) => link.getAttribute('href'))).toEqual(links);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('tries a failed list once more, and says why when that fails too', async () => {
    const server = new FakeSendingServer()
      .failNext('GET', new ApiError(500, SERVER_ERROR_TEXT), /\/api\/scenario\/\?/)
      .failNext('GET', new ApiError(500, SERVER_ERROR_TEXT), /\/api\/scenario\/\?/);
    const { user } = renderSending(server);

    expect((await screen.findByRole('alert')).textContent).toBe(SERVER_ERROR_TEXT);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await table();
    expect(rows()).toHaveLength(3);
  });
});
