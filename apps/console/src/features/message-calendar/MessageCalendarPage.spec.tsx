import type { CustomerPermission } from '@beacon/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ApiError, SERVER_ERROR_TEXT } from '../../api/api-error';
import { publishLiveUpdate } from '../../live/live-incidents';
import { aSessionAs, renderConsoleAs } from '../../testing/render-console-as';
import { dayOf, monthName } from './calendar-period';
import { CALENDAR_LIVE_RESOURCES } from './message-calendar-api';
import { aSession, FakeCalendarServer } from './testing/fake-calendar-server';

// The page is a lazy chunk: loading it once up front keeps the first test within the find timeouts.
beforeAll(async () => {
  await import('./MessageCalendarPage');
});

function renderCalendar(path = '/message/calendar?date=2026-03-05', { role = 'ADMIN', server = new FakeCalendarServer() }: { role?: CustomerPermission; server?: FakeCalendarServer } = {}) {
  renderConsoleAs(aSessionAs(role), path, {}, server.api);
  return { user: userEvent.setup(), server };
}

const calendar = (name: RegExp | string = /messages sent and scheduled/) => screen.findByRole('table', { name });
/** The sessions of a day as their items read. */
const dayList = (day: string) => within(screen.getByRole('list', { name: `Messages on ${day}` })).getAllByRole('listitem').map((item) => item.textContent);
const sessionUpdate = (id: string, status: string) =>
  publishLiveUpdate({ position: 5, type: 'MessageSessionChanged', resource: CALENDAR_LIVE_RESOURCES.sessions, id, data: { status }, tenantId: 'group-1' });

describe('MessageCalendarPage', () => {
  it('shows the month’s sessions by day, at their time in the user’s zone, with status and delivered of total', async () => {
    renderCalendar();

    const table = await calendar('March 2026: messages sent and scheduled (times in Europe/Oslo)');
    expect(screen.getByRole('heading', { level: 1, name: 'Message Calendar' })).toBeTruthy();
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'MonMonday',
      'TueTuesday',
      'WedWednesday',
      'ThuThursday',
      'FriFriday',
      'SatSaturday',
      'SunSunday',
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(7);
    await waitFor(() => expect(dayList('Monday 2 March 2026')).toEqual(['09:15 Site evacuationComplete, 27/30 delivered']));
    expect(dayList('Thursday 5 March 2026')).toEqual(['14:00 Fire drill (test)Sending, 4/12 delivered']);
    // 23:30 UTC on the 5th: half past midnight on Friday in Oslo.
    expect(dayList('Friday 6 March 2026')).toEqual(['00:30 IT outage: are you affected?Complete, 5/5 delivered']);
    expect(dayList('Tuesday 10 March 2026')).toEqual(['10:00 Site evacuationScheduled']);
    expect(screen.getByRole('heading', { level: 2, name: 'March 2026' })).toBeTruthy();
  });

  it('moves by month with Previous and Next, or Page Up and Page Down, and back to today', async () => {
    const { user } = renderCalendar();
    await calendar();

    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await calendar(/^April 2026:/)).toBeTruthy();
    expect(await screen.findByText('No messages were sent or are scheduled in April 2026.', { exact: false })).toBeTruthy();

    screen.getByRole('button', { name: 'Previous month' }).focus();
    await user.keyboard('{PageUp}{PageUp}');
    expect(await calendar(/^February 2026:/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Today' }));
    const thisMonth = monthName(dayOf(Date.now(), 'Europe/Oslo'));
    expect(await calendar(`${thisMonth}: messages sent and scheduled (times in Europe/Oslo)`)).toBeTruthy();
    const today = within(screen.getByRole('table')).getAllByRole('cell').find((cell) => cell.getAttribute('aria-current') === 'date');
    expect(today).toBeTruthy();
  });

  it('shows a week as one row, and a day as a table of its sessions', async () => {
    const { user } = renderCalendar();
    await calendar();

    await user.click(screen.getByRole('radio', { name: 'Week' }));
    const week = await calendar('2 March to 8 March 2026: messages sent and scheduled (times in Europe/Oslo)');
    expect(within(week).getAllByRole('row')).toHaveLength(2);
    expect(within(week).queryByText(/Site evacuationScheduled/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Schedule Message' }).getAttribute('href')).toBe('/message/calendar/schedule_message?view=week&date=2026-03-05');

    await user.click(screen.getByRole('radio', { name: 'Day' }));
    const day = await calendar('Thursday 5 March 2026: messages sent and scheduled (times in Europe/Oslo)');
    expect(within(day).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Time', 'Message', 'Status', 'Delivered']);
    await waitFor(() =>
      expect(within(day).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([['14:00', 'Sending', '4/12']]),
    );
    expect(within(day).getByRole('rowheader').textContent).toBe('Fire drill (test)');

    await user.click(screen.getByRole('button', { name: 'Next day' }));
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    expect(await screen.findByText('No messages were sent or are scheduled on Saturday 7 March 2026.', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('opens on the period of the URL', async () => {
    renderCalendar('/message/calendar?view=week&date=2026-03-10');

    expect(await calendar(/^9 March to 15 March 2026:/)).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Week' }) as HTMLInputElement).checked).toBe(true);
    expect(dayList('Tuesday 10 March 2026')).toEqual(['10:00 Site evacuationScheduled']);
  });

  it('shows a session scheduled elsewhere, and one finishing, without a reload', async () => {
    const { server } = renderCalendar();
    await calendar();
    await waitFor(() => expect(dayList('Thursday 5 March 2026')).toEqual(['14:00 Fire drill (test)Sending, 4/12 delivered']));

    server.put(aSession('s-9', 'fire-drill', { status: 'scheduled', scheduled_for: '2026-03-20T07:00:00.000Z' }));
    act(() => sessionUpdate('s-9', 'scheduled'));
    await waitFor(() => expect(dayList('Friday 20 March 2026')).toEqual(['08:00 Fire drill (test)Scheduled']));

    const sending = server.session('s-2')!;
    server.put({ ...sending, status: 'complete', progress: { ...sending.progress, delivered: 12, sending: 0 } });
    act(() => sessionUpdate('s-2', 'complete'));
    await waitFor(() => expect(dayList('Thursday 5 March 2026')).toEqual(['14:00 Fire drill (test)Complete, 12/12 delivered']));
  });

  it('says why the calendar could not be read, and tries again', async () => {
    const server = new FakeCalendarServer().failNext('GET', new ApiError(500, SERVER_ERROR_TEXT), /^\/api\/scenario\/\?/);
    const { user } = renderCalendar(undefined, { server });

    expect((await screen.findByRole('alert')).textContent).toBe(SERVER_ERROR_TEXT);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await calendar()).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers operators Schedule Message', async () => {
    renderCalendar(undefined, { role: 'OPERATOR' });
    await calendar();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Schedule Message' })).toBeTruthy();
  });

  it('shows senders the calendar without Schedule Message', async () => {
    renderCalendar('/message/calendar?date=2026-01-15', { role: 'SENDER' });

    expect(await screen.findByText('No messages were sent or are scheduled in January 2026.')).toBeTruthy();
    expect(within(screen.getByRole('main')).queryByRole('link', { name: /Schedule/ })).toBeNull();
  });
});
