import { afterAll, describe, expect, it } from '@jest/globals';
import { because } from '@beacon/testing';
import { SqliteEventStore, type RecordedEvent } from '@beacon/event-store';
import { SqliteReadStore } from '@beacon/read-store';
import { DEMO_GROUPS, DEMO_USERS } from '@beacon/command-api';
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { apiLogin, newDataDir, startAppProcess, type AppProcess } from './support/app-process';

const rootId = DEMO_GROUPS[0].customerGroupId;
const contact = DEMO_USERS.find((u) => u.customerPermission === 'CONTACT')!;
const dataDir = newDataDir();
const processes: AppProcess[] = [];

afterAll(async () => {
  for (const p of processes) await p.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

interface Acknowledged {
  readonly name: string;
  readonly position: number;
}

/** Keeps `concurrency` renames in flight until stopped; records every one the server acknowledged. */
function writeStream(url: string, token: string, concurrency: number) {
  const acknowledged: Acknowledged[] = [];
  let counter = 0;
  let running = true;
  const worker = async () => {
    while (running) {
      const name = `Name-${counter++}`;
      try {
        const response = await fetch(`${url}/api/customer_group_im_settings/${rootId}/`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', Authorization: `Token ${token}` },
          body: JSON.stringify({ module_name: name, module_name_plural: `${name}s` }),
        });
        if (response.status === 200) acknowledged.push({ name, position: Number(response.headers.get('x-event-position')) });
      } catch {
        return; // the server died mid-request: that write was never acknowledged
      }
    }
  };
  const workers = Array.from({ length: concurrency }, worker);
  return { acknowledged, stop: () => ((running = false), Promise.all(workers)) };
}

/** Failed sign-ins: each appends an event that increments a counter in the users read model. */
function failedLogins(url: string, count: number) {
  return Promise.allSettled(
    Array.from({ length: count }, () =>
      fetch(`${url}/api/rest-auth/login/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: contact.email, password: 'wrong-password' }),
      }),
    ),
  );
}

describe('kill -9 in the middle of acknowledged writes', () => {
  it('keeps every acknowledged write and read models that match the events exactly', async () => {
    const first = await startAppProcess('embedded', dataDir);
    processes.push(first);
    const token = await apiLogin(first.url, 'operator@demo.test');
    const writes = writeStream(first.url, token, 8);
    const logins = failedLogins(first.url, 4);
    await new Promise((r) => setTimeout(r, 1500));
    await first.kill('SIGKILL');
    await Promise.all([writes.stop(), logins]);
    expect(writes.acknowledged.length).toBeGreaterThan(10);

    const second = await startAppProcess('embedded', dataDir);
    processes.push(second);
    const events = await SqliteEventStore.open({ path: join(dataDir, 'events.sqlite') });
    const readModels = await SqliteReadStore.open({ path: join(dataDir, 'read-models.sqlite') });
    try {
      const all: RecordedEvent[] = await events.readAll();
      const byPosition = new Map(all.map((e) => [e.position, e]));
      for (const write of writes.acknowledged) {
        const event = byPosition.get(write.position);
        because(`acknowledged write at ${write.position}`, () => expect(event?.type).toBe('IncidentModuleSettingsChanged'));
        expect((event!.data as { moduleName: string }).moduleName).toBe(write.name);
      }

      const head = all[all.length - 1]!.position;
      const reader = await apiLogin(second.url, 'admin@demo.test');
      const settings = await fetch(`${second.url}/api/customer_group_im_settings/${rootId}/`, {
        headers: { Authorization: `Token ${reader}`, 'X-Read-Position': String(head) },
      }).then((r) => r.json());
      const renames = all.filter((e) => e.type === 'IncidentModuleSettingsChanged' && e.streamName === `customer_group-${rootId}`);
      const last = renames[renames.length - 1]!.data as { moduleName: string; moduleNamePlural: string };
      expect(settings).toEqual({ module_name: last.moduleName, module_name_plural: last.moduleNamePlural });

      for (const projection of ['customer-groups', 'incident-module-settings', 'users']) {
        await because(projection, async () => expect(await readModels.getCheckpoint(projection)).toBeGreaterThanOrEqual(head));
      }
      const failures = all.filter((e) => e.type === 'UserSignInFailed' && e.streamName === `user-${contact.userId}`).length;
      const user = await readModels.scope(rootId).collection('users').findOne({ _id: contact.userId });
      because('each failed sign-in applied exactly once', () => expect(user?.failed_attempts).toBe(failures));
    } finally {
      await readModels.close();
      await events.close();
    }
  });
});
