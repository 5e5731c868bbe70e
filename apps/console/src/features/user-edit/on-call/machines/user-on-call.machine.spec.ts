import { describe, expect, it, jest } from '@jest/globals';
import { END_NOT_AFTER_START, REQUIRED } from '@beacon/domain';
import { createActor, waitFor } from 'xstate';
import { ApiError, SERVER_ERROR_TEXT } from '../../../../api/api-error';
import { FakeOnCallServer } from '../../../../testing/fake-on-call-server';
import { stubApi } from '../../../../testing/stub-api';
import { userOnCallApi } from '../user-on-call-api';
import { userOnCallLogic } from '../user-on-call.implementations';
import { PERIOD_ADDED_TEXT, PERIOD_CHANGED_TEXT, PERIOD_DELETED_TEXT, visiblePeriodErrors, type UserOnCallSnapshot } from './user-on-call.machine';

/** Wednesday 25/11/2026 10:00 UTC: this week runs from Monday 23/11/2026 in London. */
function aServer() {
  const server = new FakeOnCallServer(stubApi()).withUser('user-ben', 'Ben', 'Brown').withUser('user-kai', 'Kai', 'Tanaka', { timeZone: 'America/New_York' });
  server.withPeriod('user-ben', '2026-11-24T08:00:00Z', '2026-11-24T18:00:00Z');
  return server;
}

async function started(server = aServer(), { userId = 'user-ben', timeZone = 'Europe/London', canWrite = true } = {}) {
  const notices: [string, 'default' | 'error'][] = [];
  const saved: string[] = [];
  const logic = userOnCallLogic({ api: userOnCallApi(server.api), notify: (text, type) => notices.push([text, type]) }).provide({
    actions: { saveFile: (_, { file }) => saved.push(file.filename ?? '') },
  });
  const actor = createActor(logic, { input: { userId, timeZone, canWrite } }).start();
  await settled(actor);
  return { actor, server, notices, saved };
}

type Actor = Awaited<ReturnType<typeof started>>['actor'];

const busy = (snapshot: UserOnCallSnapshot) =>
  snapshot.matches({ week: 'loading' }) ||
  snapshot.matches({ editor: { open: 'saving' } }) ||
  snapshot.matches({ removal: 'removing' }) ||
  snapshot.matches({ export: 'exporting' });
const settled = (actor: Actor) => waitFor(actor, (snapshot) => !busy(snapshot));
const periodsShown = (actor: Actor) => actor.getSnapshot().context.week?.periods.map((period) => [period.start_date, period.end_date]);

describe('user on-call machine', () => {
  it("loads this week in the user's time zone and moves a week back and forth by its Monday", async () => {
    const { actor, server } = await started();

    expect(actor.getSnapshot().context.week?.start_date).toBe('2026-11-23T00:00:00+00:00');
    expect(periodsShown(actor)).toEqual([['2026-11-24T08:00:00Z', '2026-11-24T18:00:00Z']]);

    actor.send({ type: 'week.next' });
    await settled(actor);
    expect(actor.getSnapshot().context.week?.start_date).toBe('2026-11-30T00:00:00+00:00');
    expect(periodsShown(actor)).toEqual([]);
    actor.send({ type: 'week.previous' });
    actor.send({ type: 'week.previous' });
    await settled(actor);
    expect(actor.getSnapshot().context.week?.start_date).toBe('2026-11-16T00:00:00+00:00');
    actor.send({ type: 'week.current' });
    await settled(actor);
    expect(actor.getSnapshot().context.week?.start_date).toBe('2026-11-23T00:00:00+00:00');
    expect(server.reads(/user_on_call/).map((call) => call.path)).toEqual([
      '/api/user_on_call/user-ben/?weeks=1',
      '/api/user_on_call/user-ben/?weeks=1&from=2026-11-30',
      '/api/user_on_call/user-ben/?weeks=1&from=2026-11-23',
      '/api/user_on_call/user-ben/?weeks=1&from=2026-11-16',
      '/api/user_on_call/user-ben/?weeks=1',
    ]);
  });

  it('adds a period typed in the user’s zone as ISO in UTC, says so, keeps the staffing warnings and reads the week again', async () => {
    const server = aServer().warnNext(['Driver: 1 on call, 2 needed from 26/11/2026 18:00:00 to 27/11/2026 08:00:00']);
    const { actor, notices } = await started(server, { userId: 'user-kai', timeZone: 'America/New_York' });

    actor.send({ type: 'period.add' });
    actor.send({ type: 'period.change', patch: { start_date: '26/11/2026 08:00:00', end_date: '26/11/2026 18:00:00' } });
    actor.send({ type: 'period.submit' });
    await settled(actor);

    expect(server.writes()).toEqual([{ method: 'POST', path: '/api/on_call_period/', body: { user: 'user-kai', start_date: '2026-11-26T13:00:00Z', end_date: '2026-11-26T23:00:00Z' } }]);
    expect(notices).toEqual([[PERIOD_ADDED_TEXT, 'default']]);
    expect(actor.getSnapshot().context.editor).toBeNull();
    expect(actor.getSnapshot().context.warnings).toEqual(['Driver: 1 on call, 2 needed from 26/11/2026 18:00:00 to 27/11/2026 08:00:00']);
    expect(periodsShown(actor)).toEqual([['2026-11-26T13:00:00Z', '2026-11-26T23:00:00Z']]);
    actor.send({ type: 'warnings.dismiss' });
    expect(actor.getSnapshot().context.warnings).toEqual([]);
  });

  it('sends nothing while the times break a rule, and shows each rule once its field changed or a save was asked for', async () => {
    const { actor, server } = await started();

    actor.send({ type: 'period.add' });
    actor.send({ type: 'period.change', patch: { start_date: '29/03/2026 01:30:00' } });
    const editor = () => actor.getSnapshot().context.editor!;
    expect(visiblePeriodErrors(editor(), 'Europe/London')).toEqual({
      start_date: ['29/03/2026 01:30:00 does not exist in Europe/London: the clocks go forward over it. Choose a time before or after the change.'],
    });
    actor.send({ type: 'period.submit' });
    expect(visiblePeriodErrors(editor(), 'Europe/London')).toMatchObject({ end_date: [REQUIRED] });
    actor.send({ type: 'period.change', patch: { start_date: '29/03/2026 03:00:00', end_date: '29/03/2026 02:30:00' } });
    actor.send({ type: 'period.submit' });
    expect(visiblePeriodErrors(editor(), 'Europe/London')).toEqual({ end_date: [END_NOT_AFTER_START] });

    expect(server.writes()).toEqual([]);
    expect(actor.getSnapshot().matches({ editor: { open: 'editing' } })).toBe(true);
  });

  it('keeps the form open with the server’s overlap message, which goes once the times change', async () => {
    const { actor, notices } = await started();

    actor.send({ type: 'period.add' });
    actor.send({ type: 'period.change', patch: { start_date: '24/11/2026 17:00:00', end_date: '24/11/2026 20:00:00' } });
    actor.send({ type: 'period.submit' });
    await settled(actor);

    const overlap = "This period overlaps the user's on-call period from 24/11/2026 08:00:00 to 24/11/2026 18:00:00 (Europe/London).";
    expect(actor.getSnapshot().context.editor?.messages).toEqual([overlap]);
    expect(notices).toEqual([[overlap, 'error']]);
    actor.send({ type: 'period.change', patch: { start_date: '24/11/2026 18:00:00' } });
    expect(actor.getSnapshot().context.editor?.messages).toEqual([]);
    actor.send({ type: 'period.submit' });
    await settled(actor);
    expect(actor.getSnapshot().context.editor).toBeNull();
  });

  it('puts the server’s field messages under their field', async () => {
    const server = aServer().failNext('POST', new ApiError(400, { detail: 'Invalid on-call period.', end_date: ['A period lasts at most 366 days.'] }));
    const { actor } = await started(server);

    actor.send({ type: 'period.add' });
    actor.send({ type: 'period.change', patch: { start_date: '01/01/2027 00:00:00', end_date: '03/01/2028 00:00:00' } });
    actor.send({ type: 'period.submit' });
    await settled(actor);

    expect(visiblePeriodErrors(actor.getSnapshot().context.editor!, 'Europe/London')).toEqual({ end_date: ['A period lasts at most 366 days.'] });
    expect(actor.getSnapshot().context.editor?.messages).toEqual([]);
  });

  it('changes a period from its shown times and deletes one, with the warnings each answers', async () => {
    const server = aServer();
    const { actor, notices } = await started(server);
    const period = actor.getSnapshot().context.week!.periods[0]!;

    actor.send({ type: 'period.edit', period });
    expect(actor.getSnapshot().context.editor?.text).toEqual({ start_date: '24/11/2026 08:00:00', end_date: '24/11/2026 18:00:00' });
    actor.send({ type: 'period.change', patch: { end_date: '24/11/2026 20:00:00' } });
    actor.send({ type: 'period.submit' });
    await settled(actor);
    expect(periodsShown(actor)).toEqual([['2026-11-24T08:00:00Z', '2026-11-24T20:00:00Z']]);

    server.warnNext(['Medic: 0 on call, 1 needed from 24/11/2026 08:00:00 to 24/11/2026 20:00:00']);
    actor.send({ type: 'period.remove', period });
    await settled(actor);
    expect(periodsShown(actor)).toEqual([]);
    expect(actor.getSnapshot().context.warnings).toEqual(['Medic: 0 on call, 1 needed from 24/11/2026 08:00:00 to 24/11/2026 20:00:00']);
    expect(server.writes().map((call) => [call.method, call.path, call.body])).toEqual([
      ['PUT', '/api/on_call_period/user-ben.1/', { start_date: '2026-11-24T08:00:00Z', end_date: '2026-11-24T20:00:00Z' }],
      ['DELETE', '/api/on_call_period/user-ben.1/', undefined],
    ]);
    expect(notices).toEqual([
      [PERIOD_CHANGED_TEXT, 'default'],
      [PERIOD_DELETED_TEXT, 'default'],
    ]);
  });

  it('changes nothing for a reader: no form opens and no deletion is sent', async () => {
    const { actor, server } = await started(aServer(), { canWrite: false });

    actor.send({ type: 'period.add' });
    actor.send({ type: 'period.remove', period: actor.getSnapshot().context.week!.periods[0]! });
    await settled(actor);

    expect(actor.getSnapshot().context.editor).toBeNull();
    expect(server.writes()).toEqual([]);
  });

  it('exports the user’s periods through the API client and says why an export failed', async () => {
    const server = aServer();
    const { actor, saved, notices } = await started(server);

    actor.send({ type: 'periods.export' });
    await settled(actor);
    expect(saved).toEqual(['on-call-periods.csv']);
    expect(server.fetchFile.mock.calls.map(([method, path, body]) => [method, path, body])).toEqual([['POST', '/api/export_on_call_periods/user-ben/', {}]]);

    jest.spyOn(server, 'fetchFile').mockRejectedValueOnce(new ApiError(500, SERVER_ERROR_TEXT));
    actor.send({ type: 'periods.export' });
    await settled(actor);
    expect(notices).toEqual([[SERVER_ERROR_TEXT, 'error']]);
  });

  it('says why the week could not be read and reads it again when asked', async () => {
    const server = aServer().failNext('GET', new ApiError(500, SERVER_ERROR_TEXT));
    const { actor } = await started(server);

    expect(actor.getSnapshot().context.loadError).toBe(SERVER_ERROR_TEXT);
    actor.send({ type: 'week.reload' });
    await settled(actor);
    expect(actor.getSnapshot().context.loadError).toBeNull();
    expect(periodsShown(actor)).toHaveLength(1);
  });
});
