import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createActor } from 'xstate';
import { ApiError, SERVER_ERROR_TEXT } from '../../../api/api-error';
import { publishLiveUpdate } from '../../../live/live-incidents';
import { messageReportsApi, REPORT_LIVE_RESOURCES } from '../message-reports-api';
import { dispatchDetailsLogic } from '../message-reports.implementations';
import { FakeReportServer, SESSION_ID } from '../testing/fake-report-server';
import { LIVE_REFRESH_GAP_MS } from './dispatch-details.machine';

const running: { stop(): void }[] = [];
beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  running.splice(0).forEach((actor) => actor.stop());
  jest.useRealTimers();
});

const RECIPIENTS = /\/recipients\/(\?|$)/;

async function started(server = new FakeReportServer(), withPeople = true) {
  const actor = createActor(dispatchDetailsLogic(messageReportsApi(server.api), SESSION_ID), { input: { sessionId: SESSION_ID, withPeople } }).start();
  running.push(actor);
  await jest.advanceTimersByTimeAsync(0);
  return { server, actor };
}

const pageOf = (path: string | undefined) => new URL(path ?? '', 'http://console').searchParams.get('page');

describe('dispatch details machine', () => {
  it('reads the report, then the first page of people', async () => {
    const server = new FakeReportServer();
    const release = server.hold('GET', /report-details/);
    const { actor } = await started(server);
    expect(actor.getSnapshot().matches({ report: 'loading', people: 'waiting' })).toBe(true);
    expect(server.paths(RECIPIENTS)).toEqual([]);

    release();
    await jest.advanceTimersByTimeAsync(0);
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ report: 'loaded', people: { shown: 'loaded' } })).toBe(true);
    expect(snapshot.context.report?.aggregates.state.total).toBe(23);
    expect(snapshot.context.people?.results).toHaveLength(10);
  });

  it('reads no people for the overview, nor for a caller the report refuses them', async () => {
    const overview = await started(new FakeReportServer(), false);
    expect(overview.actor.getSnapshot().matches({ people: 'off' })).toBe(true);

    const refused = await started(new FakeReportServer(undefined, undefined, { detail: { allowed: false, filters: [] } }));
    expect(refused.actor.getSnapshot().matches({ people: 'off' })).toBe(true);
    expect([...overview.server.paths(RECIPIENTS), ...refused.server.paths(RECIPIENTS)]).toEqual([]);
  });

  it('filters from page 1, and shows the old page until the new one answers', async () => {
    const { server, actor } = await started();
    actor.send({ type: 'people.page', page: 2 });
    await jest.advanceTimersByTimeAsync(0);
    const release = server.hold('GET', RECIPIENTS);

    actor.send({ type: 'people.filter', filters: { state: 'Pending' } });
    expect(actor.getSnapshot().matches({ people: { shown: 'filtering' } })).toBe(true);
    expect(actor.getSnapshot().context.people?.results[0]?.name).toBe('Person 11');
    release();
    await jest.advanceTimersByTimeAsync(0);

    expect(actor.getSnapshot().context.people?.results.map((person) => person.name)).toEqual(['Person 4', 'Person 9', 'Person 14', 'Person 19']);
    expect(server.paths(RECIPIENTS).at(-1)).toBe('/api/session/session-7/recipients/?page=1&page_size=10&state=Pending');
  });

  it('tries a people call that errors once more with page 1, and no more', async () => {
    const { server, actor } = await started();
    server.failNext('GET', RECIPIENTS, new ApiError(500, SERVER_ERROR_TEXT)).failNext('GET', RECIPIENTS, new ApiError(500, SERVER_ERROR_TEXT));

    actor.send({ type: 'people.page', page: 3 });
    await jest.advanceTimersByTimeAsync(0);

    expect(server.paths(RECIPIENTS).slice(1).map(pageOf)).toEqual(['3', '1']);
    expect(actor.getSnapshot().matches({ people: { shown: 'error' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ people: null, peopleError: SERVER_ERROR_TEXT, query: { page: 1 } });
  });

  it('reads the report and the page again on live updates of the session, at most once a second', async () => {
    const { server, actor } = await started();
    const reads = () => server.paths(/report-details/).length;
    const pages = () => server.paths(RECIPIENTS).length;
    expect([reads(), pages()]).toEqual([1, 1]);

    for (let n = 0; n < 20; n++) {
      server.change((people) => people.map((person, index) => (index === 3 ? { ...person, reply: `Reply ${n}` } : person)));
      await jest.advanceTimersByTimeAsync(50); // 20 updates in one second
    }
    await jest.advanceTimersByTimeAsync(LIVE_REFRESH_GAP_MS);

    // The first update reads at once, the rest make one more read when the gap is over.
    expect([reads(), pages()]).toEqual([3, 3]);
    expect(actor.getSnapshot().context.people?.results[3]?.reply).toBe('Reply 19');

    await jest.advanceTimersByTimeAsync(5 * LIVE_REFRESH_GAP_MS);
    expect([reads(), pages()]).toEqual([3, 3]);
  });

  it('reads the report and the people again when the report changed while they were first being read', async () => {
    const server = new FakeReportServer();
    const releaseReport = server.hold('GET', /report-details/);
    const { actor } = await started(server);
    // The report settles while the first read is on its way: its answer may be older than the change.
    server.change((people) => people.map((person, index) => (index === 3 ? { ...person, reply: 'Settled' } : person)));
    await jest.advanceTimersByTimeAsync(0);
    releaseReport();
    await jest.advanceTimersByTimeAsync(0);
    expect(server.paths(/report-details/)).toHaveLength(2);

    const releasePeople = server.hold('GET', RECIPIENTS);
    server.change((people) => people.map((person, index) => (index === 3 ? { ...person, reply: 'Settled again' } : person)));
    actor.send({ type: 'people.page', page: 1 });
    await jest.advanceTimersByTimeAsync(LIVE_REFRESH_GAP_MS);
    releasePeople();
    await jest.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ report: 'loaded', people: { shown: 'loaded' } })).toBe(true);
    expect(actor.getSnapshot().context.people?.results[3]?.reply).toBe('Settled again');
  });

  it('ignores live updates of other sessions and other resources', async () => {
    const { server } = await started();

    publishLiveUpdate({ position: 1, type: 'DeliveriesReported', resource: REPORT_LIVE_RESOURCES.report, id: 'another-session', data: {}, tenantId: 'group-1' });
    publishLiveUpdate({ position: 2, type: 'DeliveriesReported', resource: REPORT_LIVE_RESOURCES.deliveries, id: SESSION_ID, data: {}, tenantId: 'group-1' });
    await jest.advanceTimersByTimeAsync(LIVE_REFRESH_GAP_MS);

    expect(server.paths(/report-details/)).toHaveLength(1);
  });

  it('keeps the report shown when a live refresh fails', async () => {
    const { server, actor } = await started();
    server.failNext('GET', /report-details/, new ApiError(500, SERVER_ERROR_TEXT));

    server.change((people) => people);
    await jest.advanceTimersByTimeAsync(0);

    expect(actor.getSnapshot().matches({ report: 'loaded' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ reportError: null, report: { details: { name: 'Site evacuation' } } });
  });

  it('resends, and tells whether it started or failed', async () => {
    const { server, actor } = await started();
    const release = server.hold('PATCH', /resend/);

    actor.send({ type: 'details.resend', reply: 'Delivery Failure', idempotencyKey: 'key-1' });
    expect(actor.getSnapshot().matches({ resend: 'resending' })).toBe(true);
    actor.send({ type: 'details.resend', reply: 'No Response', idempotencyKey: 'key-2' });
    release();
    await jest.advanceTimersByTimeAsync(0);

    expect(actor.getSnapshot().context.resend).toEqual({ status: 'started', reply: 'Delivery Failure', taskId: SESSION_ID });
    expect(server.calls.filter((call) => call.method === 'PATCH').map((call) => [call.path, call.idempotencyKey])).toEqual([
      ['/api/session/session-7/resend/?reply=Delivery+Failure', 'key-1'],
    ]);

    server.failNext('PATCH', /resend/, new ApiError(409, { detail: 'Still being queued.' }));
    actor.send({ type: 'details.resend', reply: 'No Response', idempotencyKey: 'key-3' });
    await jest.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.resend).toEqual({ status: 'failed', reply: 'No Response' });
  });

  it('exports one file at a time, with the filters applied', async () => {
    const { server, actor } = await started();
    actor.send({ type: 'people.filter', filters: { name: 'ada' } });
    await jest.advanceTimersByTimeAsync(0);
    const release = server.hold('POST', /detailed/);
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:report'), revokeObjectURL: jest.fn() });
    const saved = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    actor.send({ type: 'details.export', kind: 'detailedPdf' });
    actor.send({ type: 'details.export', kind: 'summaryXlsx' });
    expect(actor.getSnapshot().context.exporting).toBe('detailedPdf');
    release();
    await jest.advanceTimersByTimeAsync(0);

    expect(actor.getSnapshot().matches({ export: 'idle' })).toBe(true);
    expect(server.calls.filter((call) => call.file).map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/session/session-7/pdf/detailed/?name=ada']);
    expect(saved).toHaveBeenCalledTimes(1);
    saved.mockRestore();
  });
});
