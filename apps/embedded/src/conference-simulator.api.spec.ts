import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { RunResultDto } from '@beacon/contracts';
import { simulatedConferenceAnswer } from '@beacon/dispatch-worker/testing';
import { conferenceRecordingStream, NOT_A_CONFERENCE_SESSION, ROOT_PERMISSIONS } from '@beacon/domain';
import type { EventStore } from '@beacon/event-store';
import { EVENT_STORE } from '@beacon/platform';
import { createContact, createContactField } from './testing/contacts';
import { binary } from './testing/binary-body';
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

    // Someone joined, so the bridge has the simulator's recording: a WAV any player opens.
    expect(expected.joined).toBeGreaterThan(0);
    const recording = await until('the recording to be listed', async () => {
      const answer = await request(app.url).get(`/api/session/conference_recording/${session.session_id}/`).set(auth(admin)).buffer(true).parse(binary);
      return answer.status === 200 ? answer : undefined;
    });
    expect(recording.headers['content-type']).toBe('audio/wav');
    const wav = recording.body as Buffer;
    expect([wav.toString('ascii', 0, 4), wav.toString('ascii', 8, 12), wav.readUInt16LE(20), wav.readUInt32LE(40)]).toEqual(['RIFF', 'WAVE', 1, wav.length - 44]);
    expect(await app.app.get<EventStore>(EVENT_STORE).readStream(conferenceRecordingStream(session.session_id))).toHaveLength(1);
  });

  it('answers a session that is not a conference, or another organisation’s, with 404', async () => {
    const sms = await createContactField(app, admin, { label: 'Texts', field_type: 'PHONE(SMS)', customer_group: tenant.rootId });
    const sent = await sendWithoutSaving(app, admin, { scenario_name: 'Not a bridge', is_real: false, recipients: EVERYONE, devices: [device(sms, 'SMS', 1)], message: { sms: 'Hello', email: '', voice: '' } });
    const path = `/api/session/conference_recording/${sent.session_id}/`;
    expect((await request(app.url).get(path).set(auth(admin)).expect(404)).body).toEqual({ detail: NOT_A_CONFERENCE_SESSION });
    const other = await createTenantWithRoles(app, ROOT_PERMISSIONS);
    await request(app.url).get(path).set(auth(await login(app, other.emails.ADMIN, TENANT_PASSWORD))).expect(404);
    await request(app.url).get('/api/session/conference_recording/__proto__/').set(auth(admin)).expect(404);
  });
});
