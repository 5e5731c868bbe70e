import { NO_RECIPIENTS } from '@beacon/domain';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { createActor, waitFor } from 'xstate';
import { ApiError, NETWORK_ERROR_TEXT, SERVER_ERROR_TEXT } from '../../../api/api-error';
import { publishLiveUpdate } from '../../../live/live-incidents';
import { messageSendingApi, SENDING_LIVE_RESOURCES } from '../message-sending-api';
import { COUNT_WAIT_MS, messageSendingLogic } from '../message-sending.implementations';
import { DEFAULT_QUERY, type MessageListQuery as SendingQuery } from '../../../message-list/message-list-query';
import { aMessage, DEMO_MESSAGES, FakeSendingServer } from '../testing/fake-sending-server';
import { LIST_REFRESH_GAP_MS, type Confirmation, type SendingSnapshot } from './message-sending.machine';
import { selectProgress } from './message-sending.selectors';

const running: { stop(): void }[] = [];
afterEach(() => {
  running.splice(0).forEach((actor) => actor.stop());
  jest.useRealTimers();
});

/** The machine over the fake server; confirmations, snackbar texts and URL replacements are recorded. */
async function started(server = new FakeSendingServer(), query: SendingQuery = DEFAULT_QUERY) {
  const asked: { confirmation: Confirmation; confirm: () => void }[] = [];
  const failures: string[] = [];
  const replaced: SendingQuery[] = [];
  const logic = messageSendingLogic({
    api: messageSendingApi(server.api),
    notifyFailure: (text) => failures.push(text),
    askToConfirm: (confirmation, confirm) => asked.push({ confirmation, confirm }),
    replaceQuery: (next) => replaced.push(next),
  });
  const actor = createActor(logic, { input: { query } }).start();
  running.push(actor);
  await settled(actor);
  return { actor, server, asked, failures, replaced };
}

type Actor = Awaited<ReturnType<typeof started>>['actor'];

const busy = (snapshot: SendingSnapshot) =>
  snapshot.matches({ list: 'loading' }) || snapshot.matches({ list: 'retrying' }) || !snapshot.matches({ send: 'idle' });
const settled = (actor: Actor) => waitFor(actor, (snapshot) => !busy(snapshot));
const names = (actor: Actor) => actor.getSnapshot().context.page?.results.map((entry) => entry.name);
const entry = (actor: Actor, name: string) => actor.getSnapshot().context.page!.results.find((message) => message.name === name)!;
const QUOTA_USAGE = /^\/api\/customer_group_quota_usage\/$/;
const usedOf = (actor: Actor) => actor.getSnapshot().context.quotaUsage?.channels.map(({ channel, used, quota }) => [channel, used, quota]);
const listCalls = (server: FakeSendingServer) => server.reads(/^\/api\/scenario\/\?/).map((call) => Object.fromEntries(new URL(call.path, 'http://console').searchParams));

describe('message sending machine', () => {
  it('loads page 1 of every message with its latest and scheduled sessions, and the outcome of each latest session', async () => {
    const { actor, server } = await started();

    expect(names(actor)).toEqual(['Site evacuation', 'Fire drill (test)', 'IT outage: are you affected?']);
    expect(listCalls(server)).toEqual([{ active_tab: 'all', page: '1', page_size: '10', include_sessions: 'true', include_scheduled: 'true' }]);
    expect(entry(actor, 'Site evacuation').sessions?.map((session) => session.id)).toEqual(['session-earlier']);
    expect(entry(actor, 'Fire drill (test)').scheduled?.map((session) => session.id)).toEqual(['session-scheduled']);
    expect([...actor.getSnapshot().context.outcomes.keys()]).toEqual(['session-earlier']);
    expect(actor.getSnapshot().context.outcomes.get('session-earlier')?.progress).toMatchObject({ delivered: 475, replied: 5, failed: 20 });
  });

  it('reads the daily quotas’ use with the page, and loads the page without it when that read fails', async () => {
    const { actor, server } = await started(new FakeSendingServer().limit('SMS', 5, 3));
    expect(server.reads(QUOTA_USAGE)).toHaveLength(1);
    expect(usedOf(actor)).toEqual([
      ['SMS', 3, 5],
      ['VOICE', 0, null],
      ['EMAIL', 0, null],
      ['TEAMS', 0, null],
      ['SLACK', 0, null],
    ]);

    server.failNext('GET', new ApiError(500, SERVER_ERROR_TEXT), QUOTA_USAGE);
    actor.send({ type: 'sending.reload' });
    await settled(actor);
    expect(actor.getSnapshot().context.quotaUsage).toBeNull();
    expect(names(actor)).toHaveLength(3);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('filters and searches as the URL says, and does not read a finished session’s outcome again', async () => {
    const { actor, server } = await started();

    actor.send({ type: 'sending.query', query: { ...DEFAULT_QUERY, activeTab: 'test' } });
    await settled(actor);
    expect(names(actor)).toEqual(['Fire drill (test)']);
    actor.send({ type: 'sending.query', query: { ...DEFAULT_QUERY, search: 'evac' } });
    await settled(actor);
    expect(names(actor)).toEqual(['Site evacuation']);
    expect(server.reads(/run_result/)).toHaveLength(1);
  });

  it('tries a failed list once more on page 1, and says why when that fails too', async () => {
    const server = new FakeSendingServer()
      .failNext('GET', new ApiError(500, SERVER_ERROR_TEXT), /\/api\/scenario\/\?/)
      .failNext('GET', new ApiError(500, SERVER_ERROR_TEXT), /\/api\/scenario\/\?/);
    const { actor, replaced } = await started(server, { ...DEFAULT_QUERY, page: 3 });

    expect(listCalls(server).map((params) => params['page'])).toEqual(['3', '1']);
    expect(replaced).toEqual([DEFAULT_QUERY]);
    expect(actor.getSnapshot().context.error).toBe(SERVER_ERROR_TEXT);

    actor.send({ type: 'sending.reload' });
    await settled(actor);
    expect(names(actor)).toHaveLength(3);
  });

  describe('sending', () => {
    it('counts the recipients first and asks to confirm, sending nothing until confirmed', async () => {
      const { actor, server, asked } = await started();

      actor.send({ type: 'sending.prepare', message: entry(actor, 'Site evacuation'), key: 'key-1' });
      await settled(actor);

      expect(asked.map(({ confirmation }) => ({ name: confirmation.message.name, key: confirmation.key, people: confirmation.people, quotaNote: confirmation.quotaNote }))).toEqual([
        { name: 'Site evacuation', key: 'key-1', people: 212, quotaNote: null },
      ]);
      const count = server.calls.find((call) => call.path === '/api/scenario/get_recipients_count/');
      expect(count?.body).toMatchObject({ customer_group: 'group-1', recipients: { include: [{ recipient_type: 'everyone' }] }, devices: [expect.objectContaining({ dispatch_type: 'SMS' }), expect.anything(), expect.anything()] });
      expect(server.sends()).toEqual([]);
    });

    it('asks without the count when the count fails or is slow', async () => {
      const server = new FakeSendingServer().failNext('POST', new ApiError(500, SERVER_ERROR_TEXT), /get_recipients_count/);
      const { actor, asked } = await started(server);
      actor.send({ type: 'sending.prepare', message: entry(actor, 'Site evacuation'), key: 'key-1' });
      await settled(actor);
      expect(asked.at(-1)?.confirmation).toMatchObject({ people: null, quotaNote: null });

      jest.useFakeTimers();
      const release = server.hold('POST', /get_recipients_count/);
      actor.send({ type: 'sending.prepare', message: entry(actor, 'Fire drill (test)'), key: 'key-2' });
      await jest.advanceTimersByTimeAsync(COUNT_WAIT_MS);
      expect(asked.at(-1)?.confirmation).toMatchObject({ key: 'key-2', people: null, quotaNote: null });
      release();
    });

    it('warns when the send needs more of a channel than its daily quota has left, reading the use again', async () => {
      const server = new FakeSendingServer().limit('SMS', 300, 50);
      const { actor, asked } = await started(server);
      server.limit('SMS', 300, 100); // another group of the organisation sent since the list was read

      actor.send({ type: 'sending.prepare', message: entry(actor, 'Site evacuation'), key: 'key-1' });
      await settled(actor);

      expect(asked.at(-1)?.confirmation).toMatchObject({
        people: 212,
        quotaNote: "It needs 212 messages by SMS, and the organisation's daily SMS quota is 300 messages: 100 used today, 200 left. It would be refused.",
      });
      expect(server.sends()).toEqual([]);
    });

    it('counts a message per Teams or Slack webhook in use, and says nothing when the send fits', async () => {
      const teamsAlert = aMessage(
        'teams-alert',
        {
          scenario_name: 'Teams alert',
          devices: [],
          use_microsoft_teams: true,
          teams: { webhooks: ['https://example.webhook.office.com/1', 'https://example.webhook.office.com/2'], message: 'Fire drill at 10' },
          use_slack: false,
          slack: { webhooks: ['https://hooks.slack.com/services/1'], message: '' },
        },
        '2026-03-06T08:00:00.000Z',
      );
      const server = new FakeSendingServer([teamsAlert, ...DEMO_MESSAGES]).limit('TEAMS', 3, 2).limit('SLACK', 0).limit('SMS', 1000);
      const { actor, asked } = await started(server);

      actor.send({ type: 'sending.prepare', message: entry(actor, 'Teams alert'), key: 'key-1' });
      await settled(actor);
      expect(asked.at(-1)?.confirmation.quotaNote).toBe(
        "It needs 2 messages by Microsoft Teams, and the organisation's daily Microsoft Teams quota is 3 messages: 2 used today, 1 left. It would be refused.",
      );

      actor.send({ type: 'sending.prepare', message: entry(actor, 'Site evacuation'), key: 'key-2' });
      await settled(actor);
      expect(asked.at(-1)?.confirmation).toMatchObject({ people: 212, quotaNote: null });
    });

    it('checks against the list’s use of the quotas when reading it again fails', async () => {
      const server = new FakeSendingServer().limit('SMS', 5, 3);
      const { actor, asked } = await started(server);
      server.failNext('GET', new ApiError(500, SERVER_ERROR_TEXT), QUOTA_USAGE);

      actor.send({ type: 'sending.prepare', message: entry(actor, 'Site evacuation'), key: 'key-1' });
      await settled(actor);

      expect(asked.at(-1)?.confirmation.quotaNote).toBe(
        "It needs 212 messages by SMS, and the organisation's daily SMS quota is 5 messages: 3 used today, 2 left. It would be refused.",
      );
    });

    it('sends once with the attempt’s key however often it is confirmed, and follows the session it started', async () => {
      const { actor, server, asked } = await started();
      actor.send({ type: 'sending.prepare', message: entry(actor, 'Site evacuation'), key: 'key-1' });
      actor.send({ type: 'sending.prepare', message: entry(actor, 'Site evacuation'), key: 'key-2' }); // a double click
      await settled(actor);
      expect(asked).toHaveLength(1);

      asked[0]!.confirm();
      asked[0]!.confirm();
      await settled(actor);

      expect(server.sends().map((call) => [call.path, call.idempotencyKey])).toEqual([['/api/scenario/site-evacuation/send_without_saving/', 'key-1']]);
      expect(actor.getSnapshot().context.followed).toEqual({ taskId: 'session-1', name: 'Site evacuation', isReal: true });
      const progress = selectProgress(actor.getSnapshot())!;
      await waitFor(progress, (snapshot) => snapshot.context.result !== null);
      expect(progress.getSnapshot().context.result).toMatchObject({ task_id: 'session-1', status: 'planning' });
    });

    it('follows the next send in place of the last', async () => {
      const { actor, asked } = await started();
      for (const [name, key] of [['Site evacuation', 'key-1'], ['Fire drill (test)', 'key-2']] as const) {
        actor.send({ type: 'sending.prepare', message: entry(actor, name), key });
        await settled(actor);
        asked.at(-1)!.confirm();
        await settled(actor);
      }
      expect(actor.getSnapshot().context.followed).toEqual({ taskId: 'session-2', name: 'Fire drill (test)', isReal: false });
      expect(selectProgress(actor.getSnapshot())?.getSnapshot().context.taskId).toBe('session-2');
    });

    it('says which builder tabs a refused send needs fixed, and does not try it again', async () => {
      const server = new FakeSendingServer().failNext(
        'POST',
        new ApiError(400, { recipients: [NO_RECIPIENTS], subject_line: ['An email subject line is required.'], name: ['Too long.'] }),
        /send_without_saving/,
      );
      const { actor, asked, failures } = await started(server);
      actor.send({ type: 'sending.prepare', message: entry(actor, 'Site evacuation'), key: 'key-1' });
      await settled(actor);
      asked[0]!.confirm();
      await settled(actor);

      expect(failures).toEqual(['Message “Site evacuation” was not sent.']);
      expect(actor.getSnapshot().context.failure?.reason).toEqual({
        tabs: [
          { step: 'settings', messages: ['Too long.'] },
          { step: 'recipients', messages: [NO_RECIPIENTS] },
          { step: 'devices', messages: ['An email subject line is required.'] },
        ],
        messages: [],
        mayTryAgain: false,
      });
      actor.send({ type: 'sending.retry' });
      await settled(actor);
      expect(server.sends()).toHaveLength(1);
      expect(selectProgress(actor.getSnapshot())).toBeUndefined();
    });

    it('tries a send that got no answer again under the same key, so the server can answer the session it started', async () => {
      const server = new FakeSendingServer().failNext('POST', new ApiError(0, NETWORK_ERROR_TEXT), /send_without_saving/);
      const { actor, asked } = await started(server);
      actor.send({ type: 'sending.prepare', message: entry(actor, 'Fire drill (test)'), key: 'key-1' });
      await settled(actor);
      asked[0]!.confirm();
      await settled(actor);
      expect(actor.getSnapshot().context.failure?.reason).toEqual({ tabs: [], messages: [NETWORK_ERROR_TEXT], mayTryAgain: true });

      actor.send({ type: 'sending.retry' });
      await settled(actor);

      expect(server.sends().map((call) => call.idempotencyKey)).toEqual(['key-1', 'key-1']);
      expect(actor.getSnapshot().context.failure).toBeNull();
      expect(actor.getSnapshot().context.followed?.taskId).toBe('session-1');
    });
  });

  describe('live updates', () => {
    it('reload the list when a message or a session changes, at most every gap', async () => {
      jest.useFakeTimers();
      const server = new FakeSendingServer();
      const startedActor = started(server);
      await jest.advanceTimersByTimeAsync(0);
      const { actor } = await startedActor;
      await jest.advanceTimersByTimeAsync(LIST_REFRESH_GAP_MS);
      const before = listCalls(server).length;

      publishLiveUpdate({ position: 1, type: 'ScenarioChanged', resource: SENDING_LIVE_RESOURCES.scenarios, id: 'it-outage', data: {}, tenantId: 'group-1' });
      await jest.advanceTimersByTimeAsync(0);
      expect(listCalls(server)).toHaveLength(before + 1);

      for (let n = 0; n < 10; n++) publishLiveUpdate({ position: 2 + n, type: 'MessageSessionStarted', resource: SENDING_LIVE_RESOURCES.sessions, id: `s-${n}`, data: {}, tenantId: 'group-1' });
      await jest.advanceTimersByTimeAsync(LIST_REFRESH_GAP_MS - 1);
      expect(listCalls(server)).toHaveLength(before + 1);
      await jest.advanceTimersByTimeAsync(1);
      expect(listCalls(server)).toHaveLength(before + 2);
      expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true);
    });

    it('reload for deliveries of a listed latest session only', async () => {
      jest.useFakeTimers();
      const server = new FakeSendingServer();
      const startedActor = started(server);
      await jest.advanceTimersByTimeAsync(0);
      await startedActor;
      await jest.advanceTimersByTimeAsync(LIST_REFRESH_GAP_MS);
      const before = listCalls(server).length;

      publishLiveUpdate({ position: 1, type: 'DeliveriesReported', resource: SENDING_LIVE_RESOURCES.deliveries, id: 'not-listed', data: {}, tenantId: 'group-1' });
      await jest.advanceTimersByTimeAsync(LIST_REFRESH_GAP_MS);
      expect(listCalls(server)).toHaveLength(before);

      publishLiveUpdate({ position: 2, type: 'DeliveriesReported', resource: SENDING_LIVE_RESOURCES.deliveries, id: 'session-earlier', data: {}, tenantId: 'group-1' });
      await jest.advanceTimersByTimeAsync(0);
      expect(listCalls(server)).toHaveLength(before + 1);
    });

    it('read the daily quotas’ use again with the list, so it follows the sends', async () => {
      jest.useFakeTimers();
      const server = new FakeSendingServer().limit('SMS', 500, 10);
      const startedActor = started(server);
      await jest.advanceTimersByTimeAsync(0);
      const { actor } = await startedActor;
      await jest.advanceTimersByTimeAsync(LIST_REFRESH_GAP_MS);
      expect(usedOf(actor)?.[0]).toEqual(['SMS', 10, 500]);

      server.limit('SMS', 500, 222);
      publishLiveUpdate({ position: 1, type: 'MessageSessionPlanned', resource: SENDING_LIVE_RESOURCES.sessions, id: 'session-9', data: {}, tenantId: 'group-1' });
      await jest.advanceTimersByTimeAsync(0);

      expect(usedOf(actor)?.[0]).toEqual(['SMS', 222, 500]);
    });
  });
});
