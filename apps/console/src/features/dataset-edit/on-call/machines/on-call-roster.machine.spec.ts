import { describe, expect, it } from '@jest/globals';
import { ASSIGN_ENTIRE_DETAIL } from '@beacon/domain';
import { createActor, waitFor } from 'xstate';
import { FakeOnCallServer } from '../../../../testing/fake-on-call-server';
import { stubApi } from '../../../../testing/stub-api';
import { datasetOnCallApi } from '../dataset-on-call-api';
import { onCallRosterLogic } from '../dataset-on-call.implementations';
import { ASSIGNED_TEXT, CHOOSE_USERS_TEXT, visibleAssignmentErrors, type OnCallRosterSnapshot } from './on-call-roster.machine';

/** Wednesday 25/11/2026 10:00 UTC: Ada is on call now; Ben (below North) on Friday. */
const NOW = Date.parse('2026-11-25T10:00:00Z');

function aServer() {
  const server = new FakeOnCallServer(stubApi(), NOW)
    .withUser('user-ada', 'Ada', 'Lovelace', { group: 'north' })
    .withUser('user-ben', 'Ben', 'Brown', { group: 'north-east' })
    .withUser('user-cy', 'Cy', 'Young', { group: 'north' });
  server.withPeriod('user-ada', '2026-11-25T08:00:00Z', '2026-11-25T18:00:00Z');
  server.withPeriod('user-ben', '2026-11-27T08:00:00Z', '2026-11-27T18:00:00Z');
  return server;
}

async function started(server = aServer()) {
  const notices: [string, 'default' | 'error'][] = [];
  const saved: string[] = [];
  const logic = onCallRosterLogic({ api: datasetOnCallApi(server.api), notify: (text, type) => notices.push([text, type]) }).provide({
    actions: { saveFile: (_, { file }) => saved.push(file.filename ?? '') },
  });
  const actor = createActor(logic, { input: { groupId: 'north', timeZone: 'Europe/London', now: NOW } }).start();
  await settled(actor);
  return { actor, server, notices, saved };
}

type Actor = Awaited<ReturnType<typeof started>>['actor'];

const busy = (snapshot: OnCallRosterSnapshot) =>
  snapshot.matches({ roster: 'loading' }) || snapshot.matches({ now: 'loading' }) || snapshot.matches({ assignment: 'assigning' }) || snapshot.matches({ files: 'exporting' });
const settled = (actor: Actor) => waitFor(actor, (snapshot) => !busy(snapshot));
const rosterNames = (actor: Actor) => actor.getSnapshot().context.roster?.results.map((user) => [user.first_name, user.periods.length]);
const choose = (actor: Actor, ...ids: string[]) => actor.send({ type: 'assign.select', users: ids.map((id) => ({ id, name: id.replace('user-', '') })), selected: true });

describe('on-call roster machine', () => {
  it('reads this week’s roster (Monday to Monday in the group’s zone) and who is on call now; sub-groups on asking', async () => {
    const { actor, server } = await started();

    expect(rosterNames(actor)).toEqual([
      ['Ada', 1],
      ['Cy', 0],
    ]);
    expect(actor.getSnapshot().context.onCallNow?.results.map((user) => user.id)).toEqual(['user-ada']);
    expect(actor.getSnapshot().context.assignment.text).toEqual({ start_date: '23/11/2026 00:00:00', end_date: '30/11/2026 00:00:00' });

    actor.send({ type: 'roster.subGroups', include: true });
    await settled(actor);
    expect(rosterNames(actor)).toEqual([
      ['Ben', 1],
      ['Ada', 1],
      ['Cy', 0],
    ]);
    expect(server.reads(/./).map((call) => call.path)).toEqual([
      '/api/assign_users_on_call/north/?start_date=2026-11-23T00%3A00%3A00Z&end_date=2026-11-30T00%3A00%3A00Z&page_number=1&items_per_page=50',
      '/api/customer_group/on_call_recipients/north/',
      '/api/assign_users_on_call/north/?start_date=2026-11-23T00%3A00%3A00Z&end_date=2026-11-30T00%3A00%3A00Z&page_number=1&items_per_page=50&all=true',
      '/api/customer_group/on_call_recipients/north/?all=true',
    ]);
  });

  it('moves a week at a time; the untouched assignment times follow the week, typed ones stay', async () => {
    const { actor, server } = await started();

    actor.send({ type: 'roster.week', to: 'next' });
    await settled(actor);
    expect(actor.getSnapshot().context.assignment.text).toEqual({ start_date: '30/11/2026 00:00:00', end_date: '07/12/2026 00:00:00' });
    actor.send({ type: 'assign.change', patch: { start_date: '01/12/2026 08:00:00' } });
    actor.send({ type: 'roster.week', to: 'previous' });
    actor.send({ type: 'roster.week', to: 'previous' });
    await settled(actor);
    expect(actor.getSnapshot().context.assignment.text.start_date).toBe('01/12/2026 08:00:00');
    expect(server.reads(/assign_users_on_call/).at(-1)?.path).toContain('start_date=2026-11-16T00%3A00%3A00Z&end_date=2026-11-23T00%3A00%3A00Z');
  });

  it('asks for users before assigning, then assigns the whole period to each chosen user with their results and warnings', async () => {
    const server = aServer().warnNext(['Driver: 1 on call, 2 needed from 26/11/2026 18:00:00 to 27/11/2026 08:00:00']);
    const { actor, notices } = await started(server);

    actor.send({ type: 'assign.submit' });
    expect(actor.getSnapshot().context.assignment.messages).toEqual([CHOOSE_USERS_TEXT]);
    choose(actor, 'user-cy');
    actor.send({ type: 'assign.change', patch: { start_date: '26/11/2026 18:00:00', end_date: '27/11/2026 08:00:00' } });
    actor.send({ type: 'assign.submit' });
    await settled(actor);

    expect(server.writes()).toEqual([
      { method: 'POST', path: '/api/on_call_period/assign/entire/', body: { users: ['user-cy'], start_date: '2026-11-26T18:00:00Z', end_date: '2026-11-27T08:00:00Z' } },
    ]);
    const { results, warnings, selected } = actor.getSnapshot().context;
    expect(results).toEqual([{ user: 'user-cy', name: 'cy', periods: [expect.objectContaining({ start_date: '2026-11-26T18:00:00Z' })] }]);
    expect(warnings).toEqual(['Driver: 1 on call, 2 needed from 26/11/2026 18:00:00 to 27/11/2026 08:00:00']);
    expect(selected).toEqual([]);
    expect(notices).toEqual([[ASSIGNED_TEXT, 'default']]);
    expect(rosterNames(actor)).toEqual([
      ['Ada', 1],
      ['Cy', 1],
    ]);
  });

  it('shows why nobody was assigned first, then who is on call already; parts gives the free stretches', async () => {
    const { actor, server } = await started();
    choose(actor, 'user-ada', 'user-cy');
    actor.send({ type: 'assign.change', patch: { start_date: '25/11/2026 06:00:00', end_date: '25/11/2026 20:00:00' } });
    actor.send({ type: 'assign.submit' });
    await settled(actor);

    expect(actor.getSnapshot().context.assignment.messages).toEqual([
      ASSIGN_ENTIRE_DETAIL,
      'Ada Lovelace (ada.lovelace@demo.test) is on call from 25/11/2026 08:00:00 to 25/11/2026 18:00:00 (Europe/London).',
    ]);
    expect(actor.getSnapshot().context.selected).toEqual(['user-ada', 'user-cy']);

    actor.send({ type: 'assign.mode', mode: 'parts' });
    actor.send({ type: 'assign.submit' });
    await settled(actor);
    expect(server.writes().map((call) => call.path)).toEqual(['/api/on_call_period/assign/entire/', '/api/on_call_period/assign/parts/']);
    expect(actor.getSnapshot().context.results?.map((result) => [result.name, result.periods.map((period) => [period.start_date, period.end_date])])).toEqual([
      [
        'ada',
        [
          ['2026-11-25T06:00:00Z', '2026-11-25T08:00:00Z'],
          ['2026-11-25T18:00:00Z', '2026-11-25T20:00:00Z'],
        ],
      ],
      ['cy', [['2026-11-25T06:00:00Z', '2026-11-25T20:00:00Z']]],
    ]);
  });

  it('checks the typed times before assigning', async () => {
    const { actor, server } = await started();
    choose(actor, 'user-cy');
    actor.send({ type: 'assign.change', patch: { end_date: '22/11/2026 00:00:00' } });
    actor.send({ type: 'assign.submit' });

    expect(visibleAssignmentErrors(actor.getSnapshot().context.assignment, 'Europe/London')).toEqual({ end_date: ['The end must be after the start.'] });
    expect(server.writes()).toEqual([]);
  });

  it('exports the week’s roster and users’ periods and the report through the API client, one at a time', async () => {
    const { actor, server, saved } = await started();
    actor.send({ type: 'roster.subGroups', include: true });
    await settled(actor);

    for (const file of ['roster', 'periods', 'report'] as const) {
      actor.send({ type: 'export', file });
      await settled(actor);
    }
    const range = { customer_group: 'north', start_date: '2026-11-23T00:00:00Z', end_date: '2026-11-30T00:00:00Z', all: true };
    expect(server.fetchFile.mock.calls.map(([method, path, body]) => [method, path, body])).toEqual([
      ['POST', '/api/customer_group_on_call_export/', range],
      ['POST', '/api/user/export/on_call_csv/', range],
      ['GET', '/api/export_reports/north/', undefined],
    ]);
    expect(saved).toEqual(['on-call-roster.csv', 'on-call-periods.csv', 'on-call-report.csv']);
  });
});
