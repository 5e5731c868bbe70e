import type { CustomerPermission } from '@beacon/contracts';
import { REQUIRED, SCHEDULE_IN_THE_PAST } from '@beacon/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { aSessionAs, renderConsoleAs } from '../../testing/render-console-as';
import { currentPath, descriptionOf, findSnackbar } from '../../testing/sign-in';
import { dayOf } from './calendar-period';
import { FakeCalendarServer } from './testing/fake-calendar-server';

beforeAll(async () => {
  await Promise.all([import('./ScheduleMessagePage'), import('./MessageCalendarPage')]);
});

function renderSchedule(path = '/message/calendar/schedule_message', { role = 'ADMIN', server = new FakeCalendarServer() }: { role?: CustomerPermission; server?: FakeCalendarServer } = {}) {
  renderConsoleAs(aSessionAs(role), path, {}, server.api);
  return { user: userEvent.setup(), server };
}

const form = () => screen.findByRole('form', { name: 'Schedule Message' });
const messageSelect = () => screen.getByRole('combobox', { name: 'Message' });
const dateInput = () => screen.getByLabelText('Date') as HTMLInputElement;
const timeInput = () => screen.getByLabelText('Time') as HTMLInputElement;
/** Native date and time inputs take their value whole, as a browser's picker gives it. */
const setValue = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });
const schedules = (server: FakeCalendarServer) => server.writes().filter((call) => call.path === '/api/session/');

describe('ScheduleMessagePage', () => {
  it('offers the caller’s messages, real then test, and a date and time in the user’s time zone', async () => {
    renderSchedule();
    await form();

    expect(screen.getByRole('heading', { level: 1, name: 'Schedule Message' })).toBeTruthy();
    const groups = within(messageSelect()).getAllByRole('group');
    expect(groups.map((group) => [group.getAttribute('label'), within(group).getAllByRole('option').map((option) => option.textContent)])).toEqual([
      ['Real messages', ['IT outage: are you affected?', 'Site evacuation']],
      ['Test messages', ['Fire drill (test)']],
    ]);
    expect(screen.getByRole('group', { name: 'When (in Europe/Oslo)' })).toBeTruthy();
    expect(dateInput().type).toBe('date');
    expect(dateInput().value).toBe(dayOf(Date.now(), 'Europe/Oslo'));
    expect(timeInput().type).toBe('time');
  });

  it('schedules the message and returns to the calendar on its day, with the new session focused', async () => {
    const { user, server } = renderSchedule('/message/calendar/schedule_message?view=week&date=2026-03-05');
    await form();

    await user.selectOptions(messageSelect(), 'Site evacuation');
    setValue(dateInput(), '2026-03-10');
    setValue(timeInput(), '10:00');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));

    expect(await findSnackbar('“Site evacuation” scheduled for 10/03/2026 10:00.')).toBeTruthy();
    await waitFor(() => expect(currentPath()).toBe('/message/calendar'));
    expect(await screen.findByRole('table', { name: /^9 March to 15 March 2026:/ })).toBeTruthy();
    const day = within(screen.getByRole('list', { name: 'Messages on Tuesday 10 March 2026' })).getAllByRole('listitem');
    expect(day.map((item) => item.textContent)).toEqual(['10:00 Site evacuationScheduled', '10:00 Site evacuationScheduled']);
    await waitFor(() => expect(document.activeElement).toBe(day.find((item) => item.hasAttribute('data-new'))));
    expect(schedules(server)).toEqual([
      { method: 'POST', path: '/api/session/', body: { scenario: 'site-evacuation', scheduled_for: '2026-03-10T10:00:00+01:00' }, idempotencyKey: expect.any(String) },
    ]);
  });

  it('schedules once for a double click', async () => {
    const { user, server } = renderSchedule();
    await form();
    await user.selectOptions(messageSelect(), 'Fire drill (test)');
    setValue(dateInput(), '2026-03-11');
    setValue(timeInput(), '08:30');

    await user.dblClick(screen.getByRole('button', { name: 'Schedule' }));

    await waitFor(() => expect(currentPath()).toBe('/message/calendar'));
    expect(schedules(server)).toHaveLength(1);
  });

  it('says at each field what is missing', async () => {
    const { user, server } = renderSchedule();
    await form();
    setValue(dateInput(), '');

    await user.click(screen.getByRole('button', { name: 'Schedule' }));

    expect(descriptionOf(messageSelect())).toBe(REQUIRED);
    expect(messageSelect().getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(dateInput())).toBe(REQUIRED);
    expect(descriptionOf(timeInput())).toBe(REQUIRED);
    expect(document.activeElement).toBe(messageSelect());
    expect(schedules(server)).toEqual([]);
  });

  it('shows the server’s words at the date and time when it refuses the moment', async () => {
    const { user } = renderSchedule();
    await form();
    await user.selectOptions(messageSelect(), 'Site evacuation');
    setValue(dateInput(), '2026-03-01');
    setValue(timeInput(), '09:00');

    await user.click(screen.getByRole('button', { name: 'Schedule' }));

    await waitFor(() => expect(descriptionOf(dateInput())).toBe(SCHEDULE_IN_THE_PAST));
    expect(descriptionOf(timeInput())).toBe(SCHEDULE_IN_THE_PAST);
    expect(dateInput().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(dateInput());
    expect(currentPath()).toBe('/message/calendar/schedule_message');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns, without stopping, when the day is a public holiday the message checks', async () => {
    const { user, server } = renderSchedule();
    await form();

    await user.selectOptions(messageSelect(), 'IT outage: are you affected?');
    setValue(dateInput(), '2026-04-06');
    setValue(timeInput(), '09:00');

    expect(
      await screen.findByText('Monday 06/04/2026 is a public holiday (Easter Monday), and “IT outage: are you affected?” checks public holidays. It can still be scheduled.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(currentPath()).toBe('/message/calendar'));
    expect(schedules(server)).toHaveLength(1);
  });

  it('offers Create Message when there is nothing to schedule', async () => {
    renderSchedule(undefined, { server: new FakeCalendarServer([], []) });
    await form();

    expect(within(screen.getByRole('form')).getByRole('link', { name: 'Create Message' }).getAttribute('href')).toBe('/message/scenario/add');
  });

  it('goes back to the calendar’s period on Cancel', async () => {
    const { user } = renderSchedule('/message/calendar/schedule_message?view=day&date=2026-03-05');
    await form();

    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/message/calendar?view=day&date=2026-03-05');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Thursday 5 March 2026' })).toBeTruthy();
  });
});
