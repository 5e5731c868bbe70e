import type { ScenarioPageDto } from '@beacon/contracts';
import { MESSAGE_ID_DUPLICATE, NAME_DUPLICATE } from '@beacon/domain';
import { afterEach, describe, expect, it } from '@jest/globals';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { ApiError, SERVER_ERROR_TEXT } from '../../../api/api-error';
import { publishLiveUpdate } from '../../../live/live-incidents';
import { messageTemplatesApi, TEMPLATES_LIVE_RESOURCE } from '../message-templates-api';
import { messageTemplatesLogic } from '../message-templates.implementations';
import { aTemplate, DEMO_TEMPLATES, FakeTemplatesServer } from '../testing/fake-templates-server';
import { DEFAULT_QUERY, type MessageListRequest as TemplateListRequest, type MessageListQuery as TemplatesQuery } from '../../../message-list/message-list-query';
import { messageTemplatesMachine, type TemplatesSnapshot } from './message-templates.machine';

const running: { stop(): void }[] = [];
afterEach(() => running.splice(0).forEach((actor) => actor.stop()));

/** The machine over the fake server, with the snackbar's texts and the URL's replacements recorded. */
async function started(server = new FakeTemplatesServer(), query: TemplatesQuery = DEFAULT_QUERY) {
  const notices: [string, 'default' | 'error'][] = [];
  const replaced: TemplatesQuery[] = [];
  const logic = messageTemplatesLogic({
    api: messageTemplatesApi(server.api),
    notify: (text, type) => notices.push([text, type]),
    replaceQuery: (next) => replaced.push(next),
  });
  const actor = createActor(logic, { input: { query } }).start();
  running.push(actor);
  await settled(actor);
  return { actor, server, notices, replaced };
}

type Actor = Awaited<ReturnType<typeof started>>['actor'];

const busy = (snapshot: TemplatesSnapshot) =>
  snapshot.matches({ list: 'loading' }) ||
  snapshot.matches({ list: 'retrying' }) ||
  !snapshot.matches({ copy: 'idle' }) ||
  !snapshot.matches({ remove: 'idle' });
const settled = (actor: Actor) => waitFor(actor, (snapshot) => !busy(snapshot));
const names = (actor: Actor) => actor.getSnapshot().context.page?.results.map((entry) => entry.name);
const listCalls = (server: FakeTemplatesServer) =>
  server.reads(/^\/api\/scenario\/\?/).map((call) => Object.fromEntries(new URL(call.path, 'http://console').searchParams));
const pageCalls = (server: FakeTemplatesServer) => listCalls(server).filter((params) => params['page_size'] !== 'all');
const entry = (actor: Actor, name: string) => actor.getSnapshot().context.page!.results.find((template) => template.name === name)!;

describe('message templates machine', () => {
  it('loads page 1 of every message, ten to a page, newest change first', async () => {
    const { actor, server } = await started();

    expect(names(actor)).toEqual(['Site evacuation', 'Fire drill (test)', 'IT outage: are you affected?']);
    expect(actor.getSnapshot().context.page?.count).toBe(3);
    expect(pageCalls(server)).toEqual([{ active_tab: 'all', page: '1', page_size: '10' }]);
  });

  it('loads a search or a Real / Test choice from page 1, and keeps the query the URL gave', async () => {
    const { actor, server, replaced } = await started(new FakeTemplatesServer(), { ...DEFAULT_QUERY, page: 2 });
    expect(pageCalls(server).map((params) => params['page'])).toEqual(['2', '1']);
    // Page 2 of three messages is past the end: the list shows the last page, and the URL says so.
    expect(replaced).toEqual([DEFAULT_QUERY]);

    actor.send({ type: 'templates.query', query: { ...DEFAULT_QUERY, activeTab: 'test' } });
    await settled(actor);
    expect(names(actor)).toEqual(['Fire drill (test)']);

    actor.send({ type: 'templates.query', query: { ...DEFAULT_QUERY, search: 'OUTAGE' } });
    await settled(actor);
    expect(names(actor)).toEqual(['IT outage: are you affected?']);
    expect(pageCalls(server).slice(2)).toEqual([
      { active_tab: 'test', page: '1', page_size: '10' },
      { active_tab: 'all', page: '1', page_size: '10', search: 'OUTAGE' },
    ]);
    expect(actor.getSnapshot().context.query).toEqual({ ...DEFAULT_QUERY, search: 'OUTAGE' });
  });

  it('does not load again for the query it already shows', async () => {
    const { actor, server } = await started();

    actor.send({ type: 'templates.query', query: { ...DEFAULT_QUERY } });
    await settled(actor);

    expect(pageCalls(server)).toHaveLength(1);
  });

  it('tries a failed list once more on page 1 and tells the screen to show page 1', async () => {
    const server = new FakeTemplatesServer().failNext('GET', new ApiError(400, { page: ['Invalid page.'] }), /\/api\/scenario\/\?/);
    const { actor, replaced } = await started(server, { ...DEFAULT_QUERY, activeTab: 'real', page: 4 });

    expect(pageCalls(server).map((params) => params['page'])).toEqual(['4', '1']);
    expect(replaced).toEqual([{ ...DEFAULT_QUERY, activeTab: 'real' }]);
    expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true);
    expect(names(actor)).toEqual(['Site evacuation', 'IT outage: are you affected?']);
  });

  it('says why when the second try fails too, tries no more, and loads again on request', async () => {
    const server = new FakeTemplatesServer()
      .failNext('GET', new ApiError(500, SERVER_ERROR_TEXT), /\/api\/scenario\/\?/)
      .failNext('GET', new ApiError(500, SERVER_ERROR_TEXT), /\/api\/scenario\/\?/);
    const { actor } = await started(server);

    expect(pageCalls(server)).toHaveLength(2);
    expect(actor.getSnapshot().matches({ list: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(SERVER_ERROR_TEXT);

    actor.send({ type: 'templates.reload' });
    await settled(actor);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(names(actor)).toHaveLength(3);
  });

  it('shows the server’s own words for a refused list', async () => {
    const server = new FakeTemplatesServer()
      .failNext('GET', new ApiError(400, { search: ['Ensure this field has no more than 200 characters.'] }), /\/api\/scenario\/\?/)
      .failNext('GET', new ApiError(400, { search: ['Ensure this field has no more than 200 characters.'] }), /\/api\/scenario\/\?/);
    const { actor } = await started(server);

    expect(actor.getSnapshot().context.error).toBe('Ensure this field has no more than 200 characters.');
  });

  it('shows the answer of the last query asked for, even when an earlier one answers later', async () => {
    const answers: ((page: ScenarioPageDto) => void)[] = [];
    const loadPage = fromPromise<ScenarioPageDto, TemplateListRequest>(() => new Promise((resolve) => answers.push(resolve)));
    const actor = createActor(messageTemplatesMachine.provide({ actors: { loadPage, watchTemplates: fromCallback(() => undefined) } }), {
      input: { query: DEFAULT_QUERY },
    }).start();
    const page = (count: number): ScenarioPageDto => ({ count, next: null, previous: null, results: [] });

    actor.send({ type: 'templates.query', query: { ...DEFAULT_QUERY, search: 'a' } });
    answers[1]!(page(0));
    answers[0]!(page(7));
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'loaded' }));
    await Promise.resolve();

    expect(actor.getSnapshot().context.page?.count).toBe(0);
  });

  describe('copy', () => {
    it('creates a message with the same draft as “Copy of <name>” in its group, without its message ID, says so and reloads', async () => {
      const { actor, server, notices } = await started();

      actor.send({ type: 'templates.copy', template: entry(actor, 'Site evacuation') });
      await settled(actor);

      expect(notices).toEqual([['Message “Site evacuation” copied as “Copy of Site evacuation”.', 'default']]);
      expect(names(actor)?.[0]).toBe('Copy of Site evacuation');
      const [post] = server.writes();
      const { id: _id, created_at: _created, updated_at: _updated, ...draft } = DEMO_TEMPLATES[0]!;
      expect(post).toEqual({
        method: 'POST',
        path: '/api/scenario/',
        body: { ...draft, scenario_name: 'Copy of Site evacuation', scenario_message_id: '', is_phone_invoke: false, customer_group: 'group-1' },
      });
      expect(server.stored('copy-1')?.message).toEqual(DEMO_TEMPLATES[0]!.message);
      expect(server.reads(/^\/api\/scenario\/site-evacuation\/$/)).toHaveLength(1);
    });

    it('picks the first free name among the messages of the group: “(2)”, “(3)”…', async () => {
      const server = new FakeTemplatesServer([
        ...DEMO_TEMPLATES,
        aTemplate('copy-a', { scenario_name: 'Copy of Site evacuation', is_real: true }, '2026-02-01T00:00:00.000Z'),
        aTemplate('copy-b', { scenario_name: 'copy of site evacuation (2)', is_real: false }, '2026-02-01T00:00:00.000Z'),
        // Another group's name does not count.
        aTemplate('copy-c', { scenario_name: 'Copy of Site evacuation (3)', is_real: true }, '2026-02-01T00:00:00.000Z', 'north'),
      ]);
      const { actor, notices } = await started(server);

      actor.send({ type: 'templates.copy', template: entry(actor, 'Site evacuation') });
      await settled(actor);

      expect(notices).toEqual([['Message “Site evacuation” copied as “Copy of Site evacuation (3)”.', 'default']]);
      expect(listCalls(server).find((params) => params['page_size'] === 'all')).toEqual({ page_size: 'all', active_tab: 'all', search: 'Copy of Site evacuation' });
      expect(server.writes().map((call) => (call.body as { scenario_name: string }).scenario_name)).toEqual(['Copy of Site evacuation (3)']);
    });

    it('tries the next name when the server says the name was taken meanwhile', async () => {
      const server = new FakeTemplatesServer().failNext('POST', new ApiError(400, { name: [NAME_DUPLICATE] }));
      const { actor, notices } = await started(server);

      actor.send({ type: 'templates.copy', template: entry(actor, 'IT outage: are you affected?') });
      await settled(actor);

      expect(server.writes().map((call) => (call.body as { scenario_name: string }).scenario_name)).toEqual([
        'Copy of IT outage: are you affected?',
        'Copy of IT outage: are you affected? (2)',
      ]);
      expect(notices).toEqual([['Message “IT outage: are you affected?” copied as “Copy of IT outage: are you affected? (2)”.', 'default']]);
      expect((server.writes()[1]!.body as { customer_group: string }).customer_group).toBe('north');
    });

    it('gives up after a few names taken meanwhile, and says why', async () => {
      const server = new FakeTemplatesServer();
      for (let index = 0; index < 6; index += 1) server.failNext('POST', new ApiError(400, { name: [NAME_DUPLICATE] }));
      const { actor, notices } = await started(server);

      actor.send({ type: 'templates.copy', template: entry(actor, 'Fire drill (test)') });
      await settled(actor);

      expect(server.writes()).toHaveLength(6);
      expect(notices).toEqual([[`Oops, unable to copy. ${NAME_DUPLICATE}`, 'error']]);
      expect(actor.getSnapshot().context.copying).toBeNull();
    });

    it('says why another refusal happened, in the server’s words, and a 500 in the spec’s', async () => {
      const server = new FakeTemplatesServer()
        .failNext('POST', new ApiError(400, { message_id: [MESSAGE_ID_DUPLICATE] }))
        .failNext('GET', new ApiError(500, SERVER_ERROR_TEXT), /^\/api\/scenario\/fire-drill\/$/);
      const { actor, notices } = await started(server);

      actor.send({ type: 'templates.copy', template: entry(actor, 'Site evacuation') });
      await settled(actor);
      actor.send({ type: 'templates.copy', template: entry(actor, 'Fire drill (test)') });
      await settled(actor);

      expect(notices).toEqual([
        [`Oops, unable to copy. ${MESSAGE_ID_DUPLICATE}`, 'error'],
        [`Oops, unable to copy. ${SERVER_ERROR_TEXT}`, 'error'],
      ]);
      expect(server.writes()).toHaveLength(1);
    });
  });

  describe('delete', () => {
    it('deletes a confirmed message, says so and reloads; a refusal says why', async () => {
      const { actor, server, notices } = await started();

      actor.send({ type: 'templates.delete', template: entry(actor, 'Fire drill (test)') });
      expect(actor.getSnapshot().context.deleting?.id).toBe('fire-drill');
      await settled(actor);

      expect(server.writes()).toEqual([{ method: 'DELETE', path: '/api/scenario/fire-drill/', body: undefined }]);
      expect(notices).toEqual([['Message “Fire drill (test)” deleted.', 'default']]);
      expect(names(actor)).toEqual(['Site evacuation', 'IT outage: are you affected?']);

      server.failNext('DELETE', new ApiError(404, { detail: 'Not found.' }));
      actor.send({ type: 'templates.delete', template: entry(actor, 'Site evacuation') });
      await settled(actor);
      expect(notices.at(-1)).toEqual(['Not found.', 'error']);
      expect(actor.getSnapshot().context.deleting).toBeNull();
    });

    it('shows the last page when the deletion empties the page shown', async () => {
      const extra = Array.from({ length: 8 }, (_, index) => aTemplate(`extra-${index}`, { scenario_name: `Extra ${index}` }, `2026-02-0${index + 1}T00:00:00.000Z`));
      const { actor, replaced } = await started(new FakeTemplatesServer([...DEMO_TEMPLATES, ...extra]), { ...DEFAULT_QUERY, page: 2 });
      expect(names(actor)).toEqual(['Extra 0']);

      actor.send({ type: 'templates.delete', template: entry(actor, 'Extra 0') });
      await settled(actor);

      expect(actor.getSnapshot().context.query.page).toBe(1);
      expect(replaced).toEqual([DEFAULT_QUERY]);
      expect(names(actor)).toHaveLength(10);
    });
  });

  it('reloads the page shown when a message changes elsewhere (a live update)', async () => {
    const { actor, server } = await started();

    server.change('it-outage', { scenario_name: 'IT outage (all sites)' });
    publishLiveUpdate({ position: 9, type: 'ScenarioSettingsChanged', resource: TEMPLATES_LIVE_RESOURCE, id: 'it-outage', data: {}, tenantId: 'group-1' });
    await waitFor(actor, (snapshot) => snapshot.context.page?.results[0]?.name === 'IT outage (all sites)');

    publishLiveUpdate({ position: 10, type: 'UserDetailsChanged', resource: 'users', id: 'user-1', data: {}, tenantId: 'group-1' });
    await settled(actor);
    expect(pageCalls(server)).toHaveLength(2);

    actor.stop();
    publishLiveUpdate({ position: 11, type: 'ScenarioDeleted', resource: TEMPLATES_LIVE_RESOURCE, id: 'it-outage', data: {}, tenantId: 'group-1' });
    expect(pageCalls(server)).toHaveLength(2);
  });
});
