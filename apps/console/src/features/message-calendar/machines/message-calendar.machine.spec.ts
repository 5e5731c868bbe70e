import type { LiveUpdate } from '@beacon/contracts';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createActor } from 'xstate';
import { ApiError, SERVER_ERROR_TEXT } from '../../../api/api-error';
import { publishLiveUpdate } from '../../../live/live-incidents';
import type { CalendarPeriod } from '../calendar-period';
import { calendarSessions } from '../calendar-sessions';
import { CALENDAR_LIVE_RESOURCES, messageCalendarApi } from '../message-calendar-api';
import { messageCalendarLogic } from '../message-calendar.implementations';
import { aMessage, aSession, FakeCalendarServer } from '../testing/fake-calendar-server';
import { RESULTS_PER_ROUND, RESULTS_ROUND_MS } from './message-calendar.machine';

const MARCH: CalendarPeriod = { view: 'month', anchor: '2026-03-05' };
const FIRST_WEEK: CalendarPeriod = { view: 'week', anchor: '2026-03-02' };
const SECOND_WEEK: CalendarPeriod = { view: 'week', anchor: '2026-03-09' };

const running: { stop: () => void }[] = [];
beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  running.splice(0).forEach((actor) => actor.stop());
  jest.useRealTimers();
});

function started(server = new FakeCalendarServer(), period: CalendarPeriod = MARCH) {
  const actor = createActor(messageCalendarLogic(messageCalendarApi(server.api)), { input: { timeZone: 'Europe/Oslo', period } }).start();
  running.push(actor);
  return { actor, server };
}

type Actor = ReturnType<typeof started>['actor'];

/** Lets every call answer and every round of result reads run. */
async function settle(actor: Actor) {
  for (let round = 0; round < 10; round += 1) {
    await jest.advanceTimersByTimeAsync(RESULTS_ROUND_MS);
    const snapshot = actor.getSnapshot();
    if (!snapshot.matches({ list: 'loading' }) && !snapshot.matches({ results: 'reading' }) && snapshot.context.pending.length === 0) return;
  }
  throw new Error('the calendar did not settle');
}

/** Each shown session as "<day> <status> <delivered>/<deliveries>". */
const shown = (actor: Actor) => {
  const { entries, results, timeZone } = actor.getSnapshot().context;
  return calendarSessions(entries ?? [], results, timeZone).map((session) => `${session.id} ${session.day} ${session.status} ${session.delivered ?? '-'}/${session.deliveries ?? '-'}`);
};
const resultReads = (server: FakeCalendarServer) => server.reads(/run_result/).map((call) => call.path.split('/').at(-2));
const listReads = (server: FakeCalendarServer) => server.reads(/^\/api\/scenario\/\?/).length;

const live = (update: Omit<LiveUpdate, 'position' | 'tenantId'>) => publishLiveUpdate({ position: 1, tenantId: 'tenant-1', ...update });
const sessionUpdate = (id: string, status: string, data: Record<string, unknown> = {}) =>
  live({ type: 'MessageSessionCompleted', resource: CALENDAR_LIVE_RESOURCES.sessions, id, data: { status, ...data } });

describe('message calendar machine', () => {
  it('reads the messages with their sessions, then the run results of the started sessions the period shows', async () => {
    const { actor, server } = started();
    await settle(actor);

    expect(shown(actor)).toEqual([
      's-1 2026-03-02 complete 27/30',
      's-2 2026-03-05 sending 4/12',
      // 23:30 UTC on the 5th is 00:30 on the 6th in Oslo.
      's-4 2026-03-06 complete 5/5',
      's-3 2026-03-10 scheduled -/-',
    ]);
    expect(server.reads(/^\/api\/scenario\/\?/).map((call) => call.path)).toEqual(['/api/scenario/?page_size=all&active_tab=all&include_sessions=true&include_scheduled=true']);
    expect(resultReads(server)).toEqual(['s-1', 's-2', 's-4']);
  });

  it('reads results for the sessions a new period shows, and never again for a finished one', async () => {
    const { actor, server } = started(undefined, SECOND_WEEK);
    await settle(actor);
    expect(resultReads(server)).toEqual([]);

    actor.send({ type: 'calendar.period', period: FIRST_WEEK });
    await settle(actor);
    actor.send({ type: 'calendar.period', period: SECOND_WEEK });
    actor.send({ type: 'calendar.period', period: FIRST_WEEK });
    await settle(actor);

    // The fire drill is still sending: its counts are read again; the finished ones are not.
    expect(resultReads(server)).toEqual(['s-1', 's-2', 's-4', 's-2']);
    expect(listReads(server)).toBe(1);
  });

  it('moves a session on at once when a live update tells of it, and reads its result again', async () => {
    const { actor, server } = started();
    await settle(actor);

    server.put({ ...server.session('s-2')!, status: 'complete', progress: { ...server.session('s-2')!.progress, delivered: 11, sending: 0, failed: 1 } });
    sessionUpdate('s-2', 'complete', { recipients: 12, deliveries: 12 });
    expect(shown(actor)).toContain('s-2 2026-03-05 complete 4/12');

    await settle(actor);
    expect(shown(actor)).toContain('s-2 2026-03-05 complete 11/12');
    expect(listReads(server)).toBe(1);
  });

  it('reads the list again for a session it does not have yet, and shows it', async () => {
    const { actor, server } = started();
    await settle(actor);

    server.put(aSession('s-9', 'fire-drill', { status: 'scheduled', scheduled_for: '2026-03-20T07:00:00.000Z' }));
    sessionUpdate('s-9', 'scheduled');
    await settle(actor);

    expect(shown(actor)).toContain('s-9 2026-03-20 scheduled -/-');
    expect(listReads(server)).toBe(2);
  });

  it('reads the list once more after a read under way, however many changes arrive meanwhile', async () => {
    const server = new FakeCalendarServer();
    const release = server.hold();
    const { actor } = started(server);

    for (const id of ['s-7', 's-8', 's-9']) sessionUpdate(id, 'scheduled');
    live({ type: 'ScenarioSettingsChanged', resource: CALENDAR_LIVE_RESOURCES.messages, id: 'fire-drill', data: {} });
    release();
    await settle(actor);

    expect(listReads(server)).toBe(2);
  });

  it('reads a sending session’s result at most once a round while its deliveries report', async () => {
    const { actor, server } = started();
    await settle(actor);
    const before = resultReads(server).length;

    for (let report = 0; report < 50; report += 1) live({ type: 'MessageDeliveryDelivered', resource: CALENDAR_LIVE_RESOURCES.deliveries, id: 's-2', data: { session_id: 's-2' } });
    await jest.advanceTimersByTimeAsync(RESULTS_ROUND_MS / 2);
    for (let report = 0; report < 50; report += 1) live({ type: 'MessageDeliveryDelivered', resource: CALENDAR_LIVE_RESOURCES.deliveries, id: 's-2', data: { session_id: 's-2' } });
    await settle(actor);

    // A hundred reports over a round and a half: one read at once, one after the round.
    expect(resultReads(server).slice(before)).toEqual(['s-2', 's-2']);
    // Deliveries of a session the period does not show are not read.
    live({ type: 'MessageDeliveryDelivered', resource: CALENDAR_LIVE_RESOURCES.deliveries, id: 'elsewhere', data: { session_id: 'elsewhere' } });
    await settle(actor);
    expect(resultReads(server).slice(before)).toEqual(['s-2', 's-2']);
  });

  it(`reads at most ${RESULTS_PER_ROUND} results a round`, async () => {
    const count = RESULTS_PER_ROUND + 5;
    const messages = Array.from({ length: count }, (_, index) => aMessage(`message-${index}`, { scenario_name: `Message ${index}` }));
    const sessions = messages.map((message, index) =>
      aSession(`m-${index}`, message.id, { started_at: `2026-03-${String(1 + (index % 28)).padStart(2, '0')}T08:00:00.000Z`, deliveries: 1 }),
    );
    const server = new FakeCalendarServer(messages, sessions);
    const { actor } = started(server);

    await jest.advanceTimersByTimeAsync(0);
    expect(resultReads(server)).toHaveLength(RESULTS_PER_ROUND);
    await settle(actor);
    expect(resultReads(server)).toHaveLength(count);
  });

  it('says why the list could not be read, keeps what it had, and reads again on reload', async () => {
    const { actor, server } = started();
    await settle(actor);

    server.failNext('GET', new ApiError(500, SERVER_ERROR_TEXT), /^\/api\/scenario\/\?/);
    actor.send({ type: 'calendar.reload' });
    await settle(actor);
    expect(actor.getSnapshot().context.error).toBe(SERVER_ERROR_TEXT);
    expect(shown(actor)).toHaveLength(4);

    actor.send({ type: 'calendar.reload' });
    await settle(actor);
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
