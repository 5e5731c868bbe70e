import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { because } from '@beacon/testing';
import { io } from 'socket.io-client';
import type { LiveUpdate } from '@beacon/contracts';
import { DEMO_GROUPS } from '@beacon/command-api';
import { dispatchTopic, type DispatchJob } from '@beacon/dispatch-worker';
import type { DispatchOutcome } from '@beacon/domain';
import { SqliteBus } from '@beacon/bus';
import { SqliteEventStore } from '@beacon/event-store';
import { PROJECTION_LEASES, type ProjectionLeaseDocument } from '@beacon/projections';
import { SqliteReadStore, SYSTEM_TENANT } from '@beacon/read-store';
import { apiLogin, newDataDir, startAppProcess, type AppProcess } from './support/app-process';

const rootId = DEMO_GROUPS[0].customerGroupId;
const dataDir = newDataDir();
let commandApi: AppProcess;
let queryApi: AppProcess;
let worker: AppProcess;
let secondQueryApi: AppProcess | undefined;

/**
 * Each app starts alone, as it would in the distributed topology; here they share the embedded
 * SQLite files (the production servers are covered by the adapters' contract suites).
 */
describe('command-api, query-api and dispatch-worker as separate processes', () => {
  beforeAll(async () => {
    commandApi = await startAppProcess('command-api', dataDir);
    [queryApi, worker] = await Promise.all([startAppProcess('query-api', dataDir), startAppProcess('dispatch-worker', dataDir)]);
  });

  afterAll(async () => {
    await Promise.all([commandApi, queryApi, worker, secondQueryApi].map((p) => p?.kill()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a write through command-api is read on query-api and pushed to a socket connected there', async () => {
    const token = await apiLogin(commandApi.url, 'operator@demo.test');
    const self = await fetch(`${queryApi.url}/api/user/self/`, { headers: { Authorization: `Token ${token}` } });
    expect(self.status).toBe(200);

    const socket = io(queryApi.url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => socket.on('connect', resolve).on('connect_error', reject));
    // The update of this write: others (the demo's message templates, made once the read models answer) may come first.
    const pushed = new Promise<LiveUpdate>((resolve) => socket.on('live', (update: LiveUpdate) => update.id === rootId && resolve(update)));

    const write = await fetch(`${commandApi.url}/api/customer_group_im_settings/${rootId}/`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Token ${token}` },
      body: JSON.stringify({ module_name: 'Case', module_name_plural: 'Cases' }),
    });
    expect(write.status).toBe(200);
    const position = write.headers.get('x-event-position')!;

    const read = await fetch(`${queryApi.url}/api/customer_group_im_settings/${rootId}/`, {
      headers: { Authorization: `Token ${token}`, 'X-Read-Position': position },
    });
    expect(await read.json()).toEqual({ module_name: 'Case', module_name_plural: 'Cases' });
    expect((await pushed).data).toEqual({ module_name: 'Case', module_name_plural: 'Cases' });
    socket.close();
  });

  it('the dispatch worker processes a job published on the bus once', async () => {
    const bus = SqliteBus.open({ path: join(dataDir, 'bus.sqlite') });
    const events = SqliteEventStore.open({ path: join(dataDir, 'events.sqlite') });
    try {
      const job: DispatchJob = {
        deliveryId: 'session-1.user-1.f1:EMAIL.1',
        tenantId: rootId,
        sessionId: 'session-1',
        page: 0,
      lane: 'priority',
        recipientId: 'user-1',
        channel: 'EMAIL',
        address: 'someone@demo.test',
        text: 'Hello',
      };
      await bus.publish(dispatchTopic('priority'), job.recipientId, job);
      await bus.publish(dispatchTopic('priority'), job.recipientId, job);
      const ledger = async () => (await events.readAll()).filter((e) => e.streamName.startsWith('dispatch-session-1-'));
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline && !(await ledger()).some((e) => e.type === 'DispatchesSent')) await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 500));
      const recorded = await ledger();
      expect(recorded.map((e) => e.type)).toEqual(['DispatchesClaimed', 'DispatchesSent']);
      expect((recorded[1]!.data as { outcomes: DispatchOutcome[] }).outcomes).toEqual([
        expect.objectContaining({ deliveryId: job.deliveryId, provider: 'simulator', kind: 'accepted' }),
      ]);
    } finally {
      await bus.close();
      await events.close();
    }
  });
  it('runs each projection on one query node, and another node takes over within 10 s of the holder dying', async () => {
    secondQueryApi = await startAppProcess('query-api', dataDir);
    const readModels = SqliteReadStore.open({ path: join(dataDir, 'read-models.sqlite') });
    const holders = async () =>
      new Set((await readModels.scope(SYSTEM_TENANT).collection<ProjectionLeaseDocument>(PROJECTION_LEASES).find()).map((lease) => lease.holder));
    try {
      const before = await holders();
      because('one node runs every projection', () => expect(before.size).toBe(1));
      const token = await apiLogin(commandApi.url, 'admin@demo.test');
      // Both nodes serve reads while one runs the projections.
      for (const node of [queryApi, secondQueryApi]) {
        const self = await fetch(`${node.url}/api/user/self/`, { headers: { Authorization: `Token ${token}` } });
        expect(self.status).toBe(200);
      }

      await queryApi.kill('SIGKILL');
      const killedAt = Date.now();
      const write = await fetch(`${commandApi.url}/api/customer_group_im_settings/${rootId}/`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Token ${token}` },
        body: JSON.stringify({ module_name: 'Takeover', module_name_plural: 'Takeovers' }),
      });
      expect(write.status).toBe(200);
      const position = write.headers.get('x-event-position')!;
      let settings: unknown = null;
      while (Date.now() - killedAt < 15_000) {
        const read = await fetch(`${secondQueryApi.url}/api/customer_group_im_settings/${rootId}/`, {
          headers: { Authorization: `Token ${token}`, 'X-Read-Position': position },
        });
        settings = await read.json();
        if ((settings as { module_name?: string }).module_name === 'Takeover') break;
      }
      const tookOverIn = Date.now() - killedAt;
      expect(settings).toEqual({ module_name: 'Takeover', module_name_plural: 'Takeovers' });
      because(`took over in ${tookOverIn} ms`, () => expect(tookOverIn).toBeLessThan(10_000));
      // Every projection, the background ones (the reports, on a runner of their own) too, within 10 s.
      let after = await holders();
      while ((after.size !== 1 || after.has([...before][0]!)) && Date.now() - killedAt < 10_000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        after = await holders();
      }
      console.log(`took over in ${tookOverIn} ms; every projection in ${Date.now() - killedAt} ms`);
      because(`the holders ${Date.now() - killedAt} ms after the kill: ${[...after].join(', ')}`, () => expect(after.size).toBe(1));
      expect([...after][0]).not.toBe([...before][0]);
    } finally {
      await readModels.close();
    }
  }, 60_000);
});
