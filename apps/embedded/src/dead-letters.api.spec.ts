import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { ContactFieldDto, DeadLetterPageDto, RetryDeadLettersAnswerDto, RunResultDto, ScenarioDto, SessionStartedDto, SimulatedMessagePageDto } from '@beacon/contracts';
import { ROOT_PERMISSIONS, dispatchDecider, dispatchStream, type ClaimDispatches } from '@beacon/domain';
import { CommandExecutor, READ_STORE } from '@beacon/platform';
import { SYSTEM_TENANT, type ReadStore } from '@beacon/read-store';
import { DeadLetterRetryQueue } from '@beacon/query-api';
import { createContact, createContactField } from './testing/contacts';
import { auth, eventually, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { device, EVERYONE } from './testing/send-message';
import { createTenantWithRoles, TENANT_PASSWORD, type TenantWithRoles } from './testing/tenant-with-roles';
import { until } from './testing/until';

/**
 * Dead letters and the simulator's outbox, for admins: a message is sent through the simulator, then
 * one of its deliveries' later attempts is dead-lettered by driving the ledger (claimed twice with a
 * bound of one claim), listed, retried once, and sent through the simulator again.
 */
let app: TestApp;
let tenant: TenantWithRoles;
let other: TenantWithRoles;
let admin: string;
let operator: string;
let otherAdmin: string;
let mobile: ContactFieldDto;
let session: string;
const PEOPLE = 3;
const TEXT = 'Leave the building by the nearest exit now.';

const get = async <T>(key: string, path: string) => (await request(app.url).get(path).set(auth(key)).expect(200)).body as T;

/** Claims a delivery twice with a bound of one claim, as a worker that keeps stopping before the provider answers would. */
async function deadLetter(deliveryId: string): Promise<void> {
  const executor = app.app.get(CommandExecutor);
  const claim: ClaimDispatches = {
    type: 'ClaimDispatches',
    data: { sessionId: session, partition: 0, workerId: 'stopping-worker', now: new Date().toISOString(), leaseMs: 30_000, maxClaims: 1, deliveryIds: [deliveryId] },
  };
  const context = { tenantId: tenant.rootId, actorUserId: null, correlationId: session, acceptedAt: new Date() };
  await executor.execute(dispatchStream(session, 0, 0), dispatchDecider, claim, context);
  const dead = await executor.execute(dispatchStream(session, 0, 0), dispatchDecider, claim, context);
  expect(dead.events.map((event) => event.type)).toEqual(['DispatchesDeadLettered']);
}

beforeAll(async () => {
  app = await startTestApp();
  tenant = await createTenantWithRoles(app, ROOT_PERMISSIONS);
  other = await createTenantWithRoles(app, ROOT_PERMISSIONS);
  admin = await login(app, tenant.emails.ADMIN, TENANT_PASSWORD);
  operator = await login(app, tenant.emails.OPERATOR, TENANT_PASSWORD);
  otherAdmin = await login(app, other.emails.ADMIN, TENANT_PASSWORD);
  mobile = await createContactField(app, admin, { label: 'Mobile', field_type: 'PHONE(SMS&VOICE)', customer_group: tenant.rootId });
  for (let n = 0; n < PEOPLE; n++) {
    await createContact(app, admin, {
      email: `person-${n}-${randomUUID().slice(0, 8)}@demo.test`,
      first_name: `Person${n}`,
      last_name: 'Recipient',
      customer_group: tenant.rootId,
      custom_fields: [{ field: mobile.id, values: [`+44791112310${n}`] }],
    });
  }
  const scenario = (
    await request(app.url)
      .post('/api/scenario/')
      .set(auth(admin))
      .send({
        scenario_name: 'Site evacuation',
        is_real: true,
        recipients: EVERYONE,
        devices: [device(mobile, 'SMS', 1)],
        message: { sms: TEXT, email: '', voice: '' },
      })
      .expect(201)
  ).body as ScenarioDto;
  session = ((await request(app.url).post(`/api/scenario/${scenario.id}/send_without_saving/`).set(auth(admin)).send({}).expect(202)).body as SessionStartedDto).task_id;
  await until('the send to complete', async () => {
    const result = (await request(app.url).get(`/api/scenario/run_result/${session}/`).set(auth(admin))).body as RunResultDto;
    return result.status === 'complete' ? result : undefined;
  }, { intervalMs: 100 });
}, 120_000);

afterAll(() => app.close());

describe("the simulator's outbox", () => {
  it('says which channels the simulator sends', async () => {
    expect(await get(admin, '/api/simulator/')).toEqual({ channels: ['SMS', 'VOICE', 'EMAIL', 'TEAMS', 'SLACK', 'PUSH'] });
  });

  it("lists what the simulator sent for the organisation, newest first, with the simulated outcome and the session's message", async () => {
    const page = await eventually(async () => {
      const answer = await get<SimulatedMessagePageDto>(admin, `/api/simulator/outbox/?session=${session}`);
      expect(answer.results.every((message) => message.outcome === 'delivered')).toBe(true);
      return answer;
    });
    expect(page.count).toBe(PEOPLE);
    expect(page.results[0]).toMatchObject({ session_id: session, message_name: 'Site evacuation', channel: 'SMS', subject: null, text: TEXT, outcome: 'delivered', reason: null });
    expect(page.results.map((message) => message.address).sort()).toEqual(['+447911123100', '+447911123101', '+447911123102']);
    const sentAt = page.results.map((message) => message.sent_at);
    expect([...sentAt].sort().reverse()).toEqual(sentAt);
  });

  it('pages, and filters by channel', async () => {
    const first = await get<SimulatedMessagePageDto>(admin, `/api/simulator/outbox/?session=${session}&page_size=2`);
    expect(first).toMatchObject({ count: PEOPLE, next: 2, previous: null });
    expect(first.results).toHaveLength(2);
    const second = await get<SimulatedMessagePageDto>(admin, `/api/simulator/outbox/?session=${session}&page_size=2&page=2`);
    expect(second).toMatchObject({ count: PEOPLE, next: null, previous: 1 });
    expect(second.results.map((message) => message.id)).not.toContain(first.results[0]!.id);
    expect((await get<SimulatedMessagePageDto>(admin, `/api/simulator/outbox/?session=${session}&channel=EMAIL`)).count).toBe(0);
  });

  it("never shows another organisation's messages, and is for admins only", async () => {
    expect(await get(otherAdmin, `/api/simulator/outbox/?session=${session}`)).toEqual({ count: 0, next: null, previous: null, results: [] });
    await request(app.url).get('/api/simulator/outbox/').set(auth(operator)).expect(403);
    await request(app.url).get('/api/simulator/').set(auth(operator)).expect(403);
  });

  it('answers bad paging or a channel it does not know with 400 naming the parameter', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page_size=101', 'page_size'],
      ['page_size=x', 'page_size'],
      ['channel=FAX', 'channel'],
    ] as const) {
      const response = await request(app.url).get(`/api/simulator/outbox/?${query}`).set(auth(admin)).expect(400);
      expect(response.body).toHaveProperty(field);
    }
  });
});

describe('dead letters', () => {
  let recipient: string;
  let deadId: string;

  it('lists a delivery claimed too many times without an answer, with where it was to go', async () => {
    const sent = await get<SimulatedMessagePageDto>(admin, `/api/simulator/outbox/?session=${session}&page_size=1`);
    const [, person, device] = sent.results[0]!.id.split('.');
    recipient = person!;
    // A later attempt of a planned delivery, whose worker stopped twice before its provider answered.
    deadId = `${session}.${recipient}.${device}.2`;
    await deadLetter(deadId);
    const page = await eventually(async () => {
      const answer = await get<DeadLetterPageDto>(admin, `/api/dead_letters/?session=${session}`);
      expect(answer.count).toBe(1);
      return answer;
    });
    expect(page.results[0]).toMatchObject({
      id: deadId,
      session_id: session,
      message_name: 'Site evacuation',
      recipient_id: recipient,
      recipient_name: expect.stringMatching(/^Person\d Recipient$/),
      channel: 'SMS',
      address: sent.results[0]!.address,
      attempt: 2,
      reason: 'Claimed too many times without an answer from the provider.',
      retried: null,
    });
  });

  it("never shows another organisation's dead letters, nor lets it retry them, and is for admins only", async () => {
    expect((await get<DeadLetterPageDto>(otherAdmin, '/api/dead_letters/')).count).toBe(0);
    await request(app.url).post('/api/dead_letters/retry/').set(auth(otherAdmin)).send({ ids: [deadId] }).expect(404);
    await request(app.url).get('/api/dead_letters/').set(auth(operator)).expect(403);
    await request(app.url).post('/api/dead_letters/retry/').set(auth(operator)).send({ ids: [deadId] }).expect(403);
  });

  it('refuses a retry naming nothing, or a delivery that is not a dead letter, and retries none of it', async () => {
    const empty = await request(app.url).post('/api/dead_letters/retry/').set(auth(admin)).send({ ids: [] }).expect(400);
    expect(empty.body).toHaveProperty('ids');
    await request(app.url).post('/api/dead_letters/retry/').set(auth(admin)).send({ ids: [deadId, `${session}.${recipient}.x:SMS.1`] }).expect(404);
    expect((await get<DeadLetterPageDto>(admin, `/api/dead_letters/?session=${session}`)).results[0]!.retried).toBeNull();
  });

  it('gives a retried dead letter a new attempt, sent through the simulator once, and marks it retried', async () => {
    const answer = (await request(app.url).post('/api/dead_letters/retry/').set(auth(admin)).send({ ids: [deadId] }).expect(200)).body as RetryDeadLettersAnswerDto;
    const retryAs = `${session}.${deadId.split('.').slice(1, 3).join('.')}.3`;
    expect(answer).toEqual({ retried: [{ id: deadId, retry_as: retryAs }], already_retried: [] });

    const outbox = await eventually(async () => {
      const page = await get<SimulatedMessagePageDto>(admin, `/api/simulator/outbox/?session=${session}`);
      expect(page.results.map((message) => message.id)).toContain(retryAs);
      return page;
    }, 10_000);
    expect(outbox.results.find((message) => message.id === retryAs)).toMatchObject({ text: TEXT, channel: 'SMS' });
    const listed = await eventually(async () => {
      const page = await get<DeadLetterPageDto>(admin, `/api/dead_letters/?session=${session}`);
      expect(page.results[0]!.retried?.queued).toBe(true);
      return page;
    });
    expect(listed.results[0]!.retried).toMatchObject({ as: retryAs, by: expect.any(String) });
  });

  it('does nothing the second time the same dead letter is retried', async () => {
    const answer = (await request(app.url).post('/api/dead_letters/retry/').set(auth(admin)).send({ ids: [deadId] }).expect(200)).body as RetryDeadLettersAnswerDto;
    expect(answer).toEqual({ retried: [], already_retried: [deadId] });
  });

  it('queues a retry again when the process stopped before recording it queued, and the new attempt is still sent once', async () => {
    const retryAs = `${session}.${deadId.split('.').slice(1, 3).join('.')}.3`;
    // As if the process had stopped between publishing the job and recording it: the work entry is still there.
    await app.app
      .get<ReadStore>(READ_STORE)
      .scope(SYSTEM_TENANT)
      .collection('dead_letter_retry_work')
      .upsert({ _id: retryAs, tenant_id: tenant.rootId, session_id: session, delivery_id: deadId, page: 0, retried_at: new Date().toISOString() });
    await app.app.get(DeadLetterRetryQueue).round();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const page = await get<SimulatedMessagePageDto>(admin, `/api/simulator/outbox/?session=${session}`);
    expect(page.results.filter((message) => message.id === retryAs)).toHaveLength(1);
  });
});
