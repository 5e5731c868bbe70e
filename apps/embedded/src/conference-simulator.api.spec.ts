import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { RunResultDto } from '@beacon/contracts';
import { simulatedConferenceAnswer } from '@beacon/dispatch-worker/testing';
import { ROOT_PERMISSIONS } from '@beacon/domain';
import { createContact, createContactField } from './testing/contacts';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { deliveriesOf } from './testing/message-deliveries';
import { device, EVERYONE, sendWithoutSaving } from './testing/send-message';
import { createTenantWithRoles, TENANT_PASSWORD, type TenantWithRoles } from './testing/tenant-with-roles';
import { until } from './testing/until';

/**
 * A conference message sent end to end through the simulator, with no Twilio: each call is answered
 * as a hash of its delivery id says (joined, declined, a machine), the texts go out as a broadcast's,
 * and the progress adds up in the conference's states.
 */
const PEOPLE = 12;

let app: TestApp;
let tenant: TenantWithRoles;
let admin: string;

const runResult = async (taskId: string) => (await request(app.url).get(`/api/scenario/run_result/${taskId}/`).set(auth(admin)).expect(200)).body as RunResultDto;

beforeAll(async () => {
  app = await startTestApp();
  tenant = await createTenantWithRoles(app, ROOT_PERMISSIONS);
  admin = await login(app, tenant.emails.ADMIN, TENANT_PASSWORD);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('a conference message through the simulator', () => {
  it('calls everyone, answers each call by its delivery id, sends the texts as a broadcast, and completes with its counts adding up', async () => {
    const mobile = await createContactField(app, admin, { label: 'Mobile', field_type: 'PHONE(SMS&VOICE)', customer_group: tenant.rootId });
    for (let index = 0; index < PEOPLE; index++) {
      await createContact(app, admin, {
        email: `engineer${index}-${tenant.rootId.slice(0, 8)}@depot.test`,
        first_name: `Engineer ${index}`,
        last_name: 'Depot',
        customer_group: tenant.rootId,
        custom_fields: [{ field: mobile.id, values: [`+4479111233${String(index).padStart(2, '0')}`] }],
      });
    }
    const session = await sendWithoutSaving(app, admin, {
      scenario_name: 'Depot bridge (simulated)',
      scenario_type: 'conference',
      conference_bridge_intro: 'The depot incident bridge is open.',
      is_real: false,
      recipients: EVERYONE,
      devices: [device(mobile, 'SMS', 1), device(mobile, 'VOICE', 2)],
      message: { sms: 'Depot incident: answer the call to join the bridge.', email: '', voice: 'A gas leak at the depot.' },
    });

    const done = await until('the session to complete', async () => {
      const found = await runResult(session.task_id);
      return found.status === 'complete' ? found : undefined;
    });
    const documents = await deliveriesOf(app, tenant.rootId).find({ session_id: session.session_id });
    const calls = documents.filter((document) => document.channel === 'VOICE');
    expect(calls).toHaveLength(PEOPLE);
    const expected = { joined: 0, declined: 0, machine: 0, failed: 0 };
    for (const call of calls) {
      const answer = simulatedConferenceAnswer(call._id, 0);
      expected[answer] += 1;
      expect(call).toMatchObject(answer === 'joined' ? { status: 'replied', reply: '1' } : answer === 'declined' ? { status: 'replied', reply: '2' } : { status: 'delivered' });
    }
    // Each person's text went out as a broadcast's, delivered.
    expect(documents.filter((document) => document.channel === 'SMS').map((document) => document.status)).toEqual(Array(PEOPLE).fill('delivered'));
    expect(done.deliveries).toBe(PEOPLE * 2);
    expect(done.progress).toEqual({ queued: 0, sending: 0, sent: 0, delivered: PEOPLE + expected.machine, failed: 0, replied: 0, unknown: 0, connected: expected.joined, rejected: expected.declined });
    expect(expected.joined + expected.declined + expected.machine).toBe(PEOPLE);
  });
});
