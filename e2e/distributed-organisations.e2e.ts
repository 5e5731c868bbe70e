import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import JSZip from 'jszip';
import { MongoClient } from 'mongodb';
import type { ContactFieldDto, OrganisationProvisionedDto, QuotaUsageDto, RunResultDto, SessionStartedDto } from '@beacon/contracts';
import { DEMO_GROUPS } from '@beacon/command-api';
import { apiLogin, newDataDir, startAppProcess, type AppName, type AppProcess } from './support/app-process';
import { until } from './support/until';

/*
 * The platform's operators' tools in the distributed topology (command-api, query-api and a dispatch
 * worker over Kafka, read models on a MongoDB-wire server): a daily quota set through the command API
 * refuses a send past it with the numbers, the query API shows the day's use, and the export streamed
 * by the query API holds the organisation's events and documents and none of another organisation's.
 */

const kafkaBrokers = process.env.KAFKA_BROKERS;
const mongoUrl = process.env.MONGO_URL;
const missing = !kafkaBrokers || !mongoUrl ? 'no Kafka or MongoDB-wire server (KAFKA_BROKERS or MONGO_URL unset; `npm run infra:up` starts both)' : null;
if (missing) console.log(`skipped: the platform's quotas and export in the distributed topology: ${missing}`);

const ROOT_ID = DEMO_GROUPS[0].customerGroupId;
const KEY = randomBytes(32).toString('hex');
const PEOPLE = 3;
const dataDir = newDataDir();
const database = `beacon_organisations_${randomUUID().slice(0, 8)}`;
const processes: AppProcess[] = [];
let commandApi: AppProcess;
let queryApi: AppProcess;
let token: string;

const env = (nodeId: string) => ({
  KAFKA_BROKERS: kafkaBrokers!,
  MONGO_URL: mongoUrl!,
  MONGO_DATABASE: database,
  NODE_ID: nodeId,
  BUS_TOPIC_PREFIX: `${database}.`,
  SEED_DEMO_PEOPLE: 'false',
  PLATFORM_API_KEY: KEY,
});

async function start(app: AppName, nodeId: string): Promise<AppProcess> {
  const started = await startAppProcess(app, dataDir, env(nodeId), 120_000);
  processes.push(started);
  return started;
}


/** A call with a tenant's token (`Token`) or the platform's key (`Platform`); throws unless the status is one expected. */
async function call<T>(base: string, method: string, path: string, options: { body?: unknown; platform?: boolean; expected?: number[] } = {}): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: options.platform ? `Platform ${KEY}` : `Token ${token}`, 'Idempotency-Key': randomUUID() },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  if (!(options.expected ?? [200, 201, 202]).includes(response.status)) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : null) as T;
}

const everyone = { include: [{ recipient_type: 'everyone', recipient_value: [] }], exclude: [], is_single_criteria: true };

(missing !== null ? describe.skip : describe)('the platform’s quotas and export in the distributed topology', () => {
  let mobile: ContactFieldDto;

  beforeAll(async () => {
    commandApi = await start('command-api', 'command-1');
    [queryApi] = await Promise.all([start('query-api', 'query-1'), start('dispatch-worker', 'worker-1')]);
    token = await apiLogin(commandApi.url, 'admin@demo.test');
    mobile = await call<ContactFieldDto>(commandApi.url, 'POST', '/api/field/', { body: { label: 'Mobile', field_type: 'PHONE(SMS&VOICE)', customer_group: ROOT_ID } });
    for (let n = 0; n < PEOPLE; n++) {
      await call(commandApi.url, 'POST', '/api/user/', {
        body: {
          email: `warden-${n}-${database}@demo.test`,
          first_name: `Warden ${n}`,
          last_name: 'Distributed',
          customer_group: ROOT_ID,
          customer_permission: 'CONTACT',
          preferred_timezone: 'Europe/London',
          custom_fields: [{ field: mobile.id, values: [`+4479111255${String(n).padStart(2, '0')}`] }],
        },
      });
    }
  }, 300_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.kill('SIGKILL')));
    if (mongoUrl) {
      const client = await MongoClient.connect(mongoUrl);
      await client.db(database).dropDatabase().catch(() => undefined);
      await client.close();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a send past a daily quota set through the command API, with the numbers, and shows the day’s use', async () => {
    const changed = await call<{ quotas: Record<string, number> }>(commandApi.url, 'PUT', `/api/platform/organisations/${ROOT_ID}/quotas/`, { body: { quotas: { SMS: PEOPLE - 1 } }, platform: true });
    expect(changed.quotas).toEqual({ SMS: PEOPLE - 1 });
    const usage = await until('the quota on the query API', async () => {
      const found = await call<QuotaUsageDto>(queryApi.url, 'GET', '/api/customer_group_quota_usage/');
      const sms = found.channels.find((channel) => channel.channel === 'SMS');
      return sms?.quota === PEOPLE - 1 ? sms : undefined;
    });
    expect(usage).toEqual({ channel: 'SMS', label: 'SMS', used: 0, quota: PEOPLE - 1 });

    await until(`the ${PEOPLE} people to be counted`, async () => {
      const counted = await call<{ count: number }>(queryApi.url, 'POST', '/api/scenario/get_recipients_count/', { body: { customer_group: ROOT_ID, recipients: everyone, devices: [] } });
      return counted.count >= PEOPLE ? true : undefined;
    });
    const sent = await call<SessionStartedDto>(commandApi.url, 'POST', '/api/scenario/send_without_saving/', {
      body: {
        scenario_name: 'Past the quota',
        customer_group: ROOT_ID,
        is_real: false,
        recipients: everyone,
        devices: [{ dispatch_type: 'SMS', id: `${mobile.id}:SMS`, field_id: mobile.id, label: 'SMS', field_label: 'Mobile', heading: '', position: 1 }],
        message: { sms: 'Site closed today.', email: '', voice: '' },
      },
    });
    const result = await until('the send to be refused', async () => {
      const found = await call<RunResultDto>(queryApi.url, 'GET', `/api/scenario/run_result/${sent.task_id}/`, { expected: [200, 404] });
      return found && 'status' in found && ['complete', 'refused'].includes(found.status) ? found : undefined;
    });
    expect({ status: result.status, note: result.note, deliveries: result.deliveries }).toEqual({
      status: 'refused',
      note: `This send needs ${PEOPLE} messages by SMS, and the organisation's daily SMS quota is ${PEOPLE - 1} messages: 0 used today, ${PEOPLE - 1} left. Nothing was sent.`,
      deliveries: null,
    });
  }, 180_000);

  it('streams an export from the query API holding the organisation’s events and documents and none of another’s', async () => {
    const other = await call<OrganisationProvisionedDto>(commandApi.url, 'POST', '/api/platform/organisations/', {
      body: { name: `Other ${database}`, root_permissions: ['SMS'], admin: { email: `other-${database}@other.test`, first_name: 'Otto', last_name: 'Other' } },
      platform: true,
    });
    // The export reads the organisation's documents: once the other organisation is listed, the read models have the writes before it.
    await until('the other organisation in the list', async () => {
      const page = await call<{ results: { id: string }[] }>(queryApi.url, 'GET', `/api/platform/organisations/?search=${encodeURIComponent(other.name)}`, { platform: true });
      return page.results.some((found) => found.id === other.id) ? true : undefined;
    });
    const response = await fetch(`${queryApi.url}/api/platform/organisations/${ROOT_ID}/export/`, { headers: { Authorization: `Platform ${KEY}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/zip');
    const zip = await JSZip.loadAsync(Buffer.from(await response.arrayBuffer()));
    const lines = async (name: string) =>
      ((await zip.file(name)?.async('string')) ?? '')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    const events = await lines('events.jsonl');
    const types = new Set(events.map((event) => event['type']));
    expect(types).toContain('OrganisationQuotasChanged');
    expect(types).toContain('MessageSessionRefused');
    expect(zip.file(/^documents\/.+\.jsonl$/).length).toBeGreaterThan(0);
    const everything = (await Promise.all(Object.values(zip.files).map((file) => file.async('string')))).join('\n');
    expect(everything).toContain(`warden-0-${database}@demo.test`);
    expect(everything).not.toContain(other.id);
    expect(everything).not.toContain(`other-${database}@other.test`);
    const manifest = JSON.parse((await zip.file('manifest.json')?.async('string')) ?? '{}') as { organisation?: { id: string }; files?: Record<string, number> };
    expect(manifest.organisation?.id).toBe(ROOT_ID);
    expect(manifest.files?.['events.jsonl']).toBe(events.length);
  }, 180_000);
});
