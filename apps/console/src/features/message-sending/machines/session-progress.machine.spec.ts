import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createActor } from 'xstate';
import { ApiError, SERVER_ERROR_TEXT } from '../../../api/api-error';
import { publishLiveUpdate } from '../../../live/live-incidents';
import { messageSendingApi, SENDING_LIVE_RESOURCES } from '../message-sending-api';
import { sessionProgressLogic } from '../message-sending.implementations';
import { FakeSendingServer } from '../testing/fake-sending-server';
import { isOver, POLL_MS, REFETCH_GAP_MS, RESEND_FAILED } from './session-progress.machine';

const running: { stop(): void }[] = [];
beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  running.splice(0).forEach((actor) => actor.stop());
  jest.useRealTimers();
});

/** The server with one session just started, and the machine following it. */
async function following() {
  const server = new FakeSendingServer();
  const { task_id } = await messageSendingApi(server.api).send('site-evacuation', 'key-1');
  server.calls.length = 0;
  const actor = createActor(sessionProgressLogic(messageSendingApi(server.api)), { input: { taskId: task_id, name: 'Site evacuation', isReal: true } }).start();
  running.push(actor);
  await jest.advanceTimersByTimeAsync(0);
  return { server, actor, taskId: task_id };
}

const reads = (server: FakeSendingServer) => server.reads(/run_result/).length;

describe('session progress machine', () => {
  it('reads the session at once, and again on each live update of it or its deliveries', async () => {
    const { server, actor, taskId } = await following();
    expect(actor.getSnapshot().context.result).toMatchObject({ status: 'planning', deliveries: null });

    server.plan(taskId, 200, 530);
    await jest.advanceTimersByTimeAsync(REFETCH_GAP_MS);
    expect(actor.getSnapshot().context.result).toMatchObject({ status: 'sending', recipients: 200, deliveries: 530, progress: { queued: 530 } });

    await jest.advanceTimersByTimeAsync(REFETCH_GAP_MS);
    server.report(taskId, { delivered: 300, failed: 10 });
    await jest.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.result?.progress).toMatchObject({ queued: 220, delivered: 300, failed: 10 });
  });

  it('reads at most twice a second however many updates come, and the last update is never missed', async () => {
    const { server, actor, taskId } = await following();
    server.plan(taskId, 200, 1000);
    for (let n = 0; n < 50; n++) {
      server.report(taskId, { delivered: 10 });
      await jest.advanceTimersByTimeAsync(20); // 50 updates in one second
    }
    await jest.advanceTimersByTimeAsync(REFETCH_GAP_MS);

    // The first read, then one per gap over the second of updates, then the trailing one.
    expect(reads(server)).toBeLessThanOrEqual(1 + Math.ceil(1000 / REFETCH_GAP_MS) + 1);
    expect(actor.getSnapshot().context.result?.progress.delivered).toBe(500);
  });

  it('ignores updates of other sessions, and reads anyway when no update has come for a while', async () => {
    const { server, actor, taskId } = await following();
    await jest.advanceTimersByTimeAsync(REFETCH_GAP_MS);
    const before = reads(server);

    publishLiveUpdate({ position: 1, type: 'DeliveriesReported', resource: SENDING_LIVE_RESOURCES.deliveries, id: 'another-session', data: {}, tenantId: 'group-1' });
    await jest.advanceTimersByTimeAsync(REFETCH_GAP_MS);
    expect(reads(server)).toBe(before);

    server.sessions.get(taskId)!.status = 'sending'; // changed with no update (the socket is down)
    await jest.advanceTimersByTimeAsync(POLL_MS);
    expect(reads(server)).toBe(before + 1);
    expect(actor.getSnapshot().context.result?.status).toBe('sending');
  });

  it('stops polling at complete, and still shows the replies that come in later', async () => {
    const { server, actor, taskId } = await following();
    server.plan(taskId, 2, 3);
    await jest.advanceTimersByTimeAsync(REFETCH_GAP_MS);
    server.report(taskId, { delivered: 2, failed: 1 });
    server.complete(taskId);
    await jest.advanceTimersByTimeAsync(REFETCH_GAP_MS * 2);
    expect(isOver(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.result).toMatchObject({ status: 'complete', progress: { delivered: 2, failed: 1, queued: 0 } });
    const done = reads(server);

    // No update: no read, however long.
    await jest.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(reads(server)).toBe(done);

    // A reply after the end is read (once for a burst), and the session stays over.
    server.report(taskId, { replied: 1 }, 'delivered');
    await jest.advanceTimersByTimeAsync(0);
    server.report(taskId, {});
    await jest.advanceTimersByTimeAsync(REFETCH_GAP_MS * 2);
    expect(reads(server)).toBe(done + 2);
    expect(actor.getSnapshot().context.result?.progress).toMatchObject({ delivered: 1, replied: 1, failed: 1 });
    expect(isOver(actor.getSnapshot())).toBe(true);
    await jest.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(reads(server)).toBe(done + 2);
  });

  it('shows why a read failed, and reads again on the next update', async () => {
    const { server, actor, taskId } = await following();
    await jest.advanceTimersByTimeAsync(REFETCH_GAP_MS);
    server.failNext('GET', new ApiError(500, SERVER_ERROR_TEXT), /run_result/);

    server.plan(taskId, 2, 3);
    await jest.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.error).toBe(SERVER_ERROR_TEXT);
    expect(actor.getSnapshot().context.result?.status).toBe('planning');

    await jest.advanceTimersByTimeAsync(REFETCH_GAP_MS);
    server.report(taskId, { delivered: 1 });
    await jest.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().context.result).toMatchObject({ status: 'sending', progress: { delivered: 1 } });
  });

  it('resends a complete session to those with no reply once, and follows it again while it is sending', async () => {
    const { server, actor, taskId } = await following();
    server.plan(taskId, 2, 2);
    server.complete(taskId);
    await jest.advanceTimersByTimeAsync(REFETCH_GAP_MS);
    expect(isOver(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'progress.resend', idempotencyKey: 'resend-1' });
    await jest.advanceTimersByTimeAsync(REFETCH_GAP_MS);
    const resends = server.calls.filter((call) => call.method === 'PATCH');
    expect(resends.map((call) => call.path)).toEqual([`/api/session/${taskId}/resend/?reply=No+Response`]);
    expect(actor.getSnapshot().context.result?.status).toBe('sending');
    expect(actor.getSnapshot().matches('following')).toBe(true);
  });

  it('says "Re-send message failed!" when the resend fails, and keeps following', async () => {
    const { server, actor } = await following();
    server.failNext('PATCH', new ApiError(500, {}));
    actor.send({ type: 'progress.resend', idempotencyKey: 'resend-2' });
    await jest.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.resendFailed).toBe(true);
    expect(RESEND_FAILED).toBe('Re-send message failed!');
    expect(actor.getSnapshot().matches('following')).toBe(true);
  });
});
