import { REQUIRED, SCHEDULE_IN_THE_PAST } from '@beacon/domain';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createActor } from 'xstate';
import { ApiError, NETWORK_ERROR_TEXT } from '../../../api/api-error';
import { messageCalendarApi } from '../message-calendar-api';
import { scheduleMessageLogic } from '../message-calendar.implementations';
import { FakeCalendarServer } from '../testing/fake-calendar-server';
import { HOLIDAY_CHECK_DELAY_MS } from './schedule-message.machine';

const running: { stop: () => void }[] = [];
beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  running.splice(0).forEach((actor) => actor.stop());
  jest.useRealTimers();
});

async function started(server = new FakeCalendarServer()) {
  const notices: string[] = [];
  const logic = scheduleMessageLogic({ api: messageCalendarApi(server.api), notify: (text) => notices.push(text) });
  const actor = createActor(logic, { input: { timeZone: 'Europe/Oslo', date: '2026-03-04' } }).start();
  running.push(actor);
  await jest.advanceTimersByTimeAsync(0);
  return { actor, server, notices };
}

type Actor = Awaited<ReturnType<typeof started>>['actor'];

/** Lets calls answer and the holiday check's pause pass. */
const settle = () => jest.advanceTimersByTimeAsync(HOLIDAY_CHECK_DELAY_MS + 10);

function fill(actor: Actor, scenario: string, date: string, time: string) {
  actor.send({ type: 'schedule.message', scenario });
  actor.send({ type: 'schedule.date', date });
  actor.send({ type: 'schedule.time', time });
}

const schedules = (server: FakeCalendarServer) => server.writes().filter((call) => call.path === '/api/session/');

describe('schedule message machine', () => {
  it('reads the caller’s messages and starts on the given day', async () => {
    const { actor, server } = await started();

    expect(actor.getSnapshot().matches({ ready: { form: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().context.messages?.map((message) => message.name)).toEqual(['Site evacuation', 'Fire drill (test)', 'IT outage: are you affected?']);
    expect(actor.getSnapshot().context.date).toBe('2026-03-04');
    expect(server.reads(/^\/api\/scenario\/\?/).map((call) => call.path)).toEqual(['/api/scenario/?page_size=all&active_tab=all']);
  });

  it('schedules the message at the moment on the user’s clocks, with an Idempotency-Key, and says so', async () => {
    const { actor, server, notices } = await started();

    fill(actor, 'site-evacuation', '2026-03-10', '10:00');
    actor.send({ type: 'schedule.submit' });
    await settle();

    expect(actor.getSnapshot().matches({ ready: { form: 'scheduled' } })).toBe(true);
    expect(schedules(server)).toEqual([
      { method: 'POST', path: '/api/session/', body: { scenario: 'site-evacuation', scheduled_for: '2026-03-10T10:00:00+01:00' }, idempotencyKey: expect.any(String) },
    ]);
    expect(actor.getSnapshot().context.scheduled).toEqual({ task_id: 'scheduled-1', session_id: 'scheduled-1', status: 'scheduled', scheduled_for: '2026-03-10T09:00:00.000Z' });
    expect(notices).toEqual(['“Site evacuation” scheduled for 10/03/2026 10:00.']);
  });

  it('sends one request for a second Schedule while the first is under way', async () => {
    const server = new FakeCalendarServer();
    const { actor } = await started(server);
    fill(actor, 'site-evacuation', '2026-03-10', '10:00');
    const release = server.hold();

    actor.send({ type: 'schedule.submit' });
    actor.send({ type: 'schedule.submit' });
    release();
    await settle();

    expect(schedules(server)).toHaveLength(1);
  });

  it('sends the same key again after a lost answer, and a new one once the form changes', async () => {
    const server = new FakeCalendarServer().failNext('POST', new ApiError(0, NETWORK_ERROR_TEXT));
    const { actor } = await started(server);
    fill(actor, 'site-evacuation', '2026-03-10', '10:00');

    actor.send({ type: 'schedule.submit' });
    await settle();
    expect(actor.getSnapshot().context.formMessages).toEqual([NETWORK_ERROR_TEXT]);
    actor.send({ type: 'schedule.submit' });
    await settle();
    const [lost, retried] = schedules(server);
    expect(retried!.idempotencyKey).toBe(lost!.idempotencyKey);

    const second = await started(new FakeCalendarServer().failNext('POST', new ApiError(0, NETWORK_ERROR_TEXT)));
    fill(second.actor, 'site-evacuation', '2026-03-10', '10:00');
    second.actor.send({ type: 'schedule.submit' });
    await settle();
    second.actor.send({ type: 'schedule.time', time: '11:00' });
    second.actor.send({ type: 'schedule.submit' });
    await settle();
    const [first, changed] = schedules(second.server);
    expect(changed!.idempotencyKey).not.toBe(first!.idempotencyKey);
  });

  it('says at each field what is missing, without a call', async () => {
    const { actor, server } = await started();
    actor.send({ type: 'schedule.date', date: '' });

    actor.send({ type: 'schedule.submit' });

    expect(actor.getSnapshot().context.errors).toEqual({ scenario: [REQUIRED], date: [REQUIRED], time: [REQUIRED], scheduled_for: [] });
    expect(schedules(server)).toEqual([]);
    actor.send({ type: 'schedule.message', scenario: 'fire-drill' });
    expect(actor.getSnapshot().context.errors.scenario).toEqual([]);
  });

  it('puts the server’s words at the moment when it refuses the time', async () => {
    const { actor } = await started();
    fill(actor, 'site-evacuation', '2026-03-04', '08:00');

    actor.send({ type: 'schedule.submit' });
    await settle();

    expect(actor.getSnapshot().matches({ ready: { form: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().context.errors.scheduled_for).toEqual([SCHEDULE_IN_THE_PAST]);
    expect(actor.getSnapshot().context.formMessages).toEqual([]);
    actor.send({ type: 'schedule.time', time: '18:00' });
    expect(actor.getSnapshot().context.errors.scheduled_for).toEqual([]);
  });

  it('warns when the moment falls on a holiday or weekend the message checks, once typing pauses', async () => {
    const { actor, server } = await started();

    fill(actor, 'it-outage', '2026-04-06', '08:00');
    await jest.advanceTimersByTimeAsync(HOLIDAY_CHECK_DELAY_MS * 0.75);
    actor.send({ type: 'schedule.time', time: '09:00' });
    await jest.advanceTimersByTimeAsync(HOLIDAY_CHECK_DELAY_MS * 0.75);
    expect(server.reads(/\/api\/holidays\//)).toEqual([]);
    await settle();

    expect(actor.getSnapshot().context.warning).toBe('Monday 06/04/2026 is a public holiday (Easter Monday), and “IT outage: are you affected?” checks public holidays.');
    expect(server.reads(/\/api\/holidays\//).map((call) => Object.fromEntries(new URL(call.path, 'http://console').searchParams))).toEqual([
      { at: '2026-04-06T09:00:00+02:00', check_holiday: 'true', check_weekend: 'true', country: 'GB', subdivision: 'ENG' },
    ]);

    actor.send({ type: 'schedule.date', date: '2026-04-07' });
    expect(actor.getSnapshot().context.warning).toBeNull();
    await settle();
    expect(actor.getSnapshot().context.warning).toBeNull();
    // The message's settings are read once.
    expect(server.reads(/^\/api\/scenario\/it-outage\/$/)).toHaveLength(1);
  });

  it('asks no holiday check for a message that checks neither holidays nor weekends', async () => {
    const { actor, server } = await started();

    fill(actor, 'site-evacuation', '2026-04-04', '09:00');
    await settle();

    expect(actor.getSnapshot().context.warning).toBeNull();
    expect(server.reads(/\/api\/holidays\//)).toEqual([]);
  });

  it('says why the messages could not be read, and reads again', async () => {
    const { actor } = await started(new FakeCalendarServer().failNext('GET', new ApiError(0, NETWORK_ERROR_TEXT)));

    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.loadError).toBe(NETWORK_ERROR_TEXT);
    actor.send({ type: 'schedule.reload' });
    await settle();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });
});
