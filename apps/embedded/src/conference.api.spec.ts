import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { RunResultDto, SessionStartedDto } from '@beacon/contracts';
import type { FakeTwilioCreate, FakeTwilioServer } from '@beacon/dispatch-worker/testing';
import { randomBytes } from 'node:crypto';
import { conferenceRecordingStream, messageSessionConferenceStream, NO_CONFERENCE_RECORDING, ROOT_PERMISSIONS, type ConferenceRecording, type MessageSessionConferencePrepared } from '@beacon/domain';
import type { EventStore } from '@beacon/event-store';
import { EVENT_STORE } from '@beacon/platform';
import { createContact, createContactField } from './testing/contacts';
import { binary } from './testing/binary-body';
import { auth, login, type TestApp } from './testing/embedded-test-app';
import { deliveriesOf } from './testing/message-deliveries';
import { device, EVERYONE, sendWithoutSaving } from './testing/send-message';
import { createTenantWithRoles, TENANT_PASSWORD, type TenantWithRoles } from './testing/tenant-with-roles';
import { startTwilioTestApp, TWILIO_FROM } from './testing/twilio-test-app';
import { until } from './testing/until';

/**
 * A conference message over HTTP from start to finish, its calls through Twilio's API (a local fake
 * that answers the calls and presses keys as people would, signing every request as Twilio does): a
 * person who joins, one who declines, a voicemail, and one who does not answer; then the progress in
 * the spec's conference states.
 */
const PEOPLE = { ann: '+447911123201', ben: '+447911123202', cat: '+447911123203', dan: '+447911123204' } as const;
const VOICE = 'A gas leak at the depot. The incident team is needed.';
const SETTINGS = { default_message_amd: 'This is the depot. Call the duty manager.', default_message_live: 'You are invited to the depot incident bridge.' };

let twilio: FakeTwilioServer;
let app: TestApp;
let publicUrl: string;
let tenant: TenantWithRoles;
let admin: string;
let session: SessionStartedDto;

const deliveries = () => deliveriesOf(app, tenant.rootId);
const runResult = async (taskId: string) => (await request(app.url).get(`/api/scenario/run_result/${taskId}/`).set(auth(admin)).expect(200)).body as RunResultDto;

const param = (create: FakeTwilioCreate, name: string) => create.params[name] as string | undefined;
const callTo = (to: string) => {
  const calls = twilio.creates.filter((create) => create.kind === 'call' && param(create, 'To') === to);
  expect(calls).toHaveLength(1);
  return calls[0]!;
};
/** The Gather action of a TwiML answer, as Twilio would read it. */
const actionOf = (twiml: string) => /<Gather\b[^>]*\baction="([^"]*)"/.exec(twiml)?.[1]?.replace(/&amp;/g, '&');

beforeAll(async () => {
  ({ app, twilio, publicUrl } = await startTwilioTestApp({ channels: ['VOICE'] }));
  tenant = await createTenantWithRoles(app, ROOT_PERMISSIONS);
  admin = await login(app, tenant.emails.ADMIN, TENANT_PASSWORD);
  await request(app.url).put(`/api/customer_group_conference_settings/${tenant.rootId}/`).set(auth(admin)).send(SETTINGS).expect(200);
  const phone = await createContactField(app, admin, { label: 'Phone', field_type: 'PHONE(VOICE)', customer_group: tenant.rootId });
  for (const [name, number] of Object.entries(PEOPLE)) {
    await createContact(app, admin, {
      email: `${name}-${tenant.rootId.slice(0, 8)}@depot.test`,
      first_name: name,
      last_name: 'Engineer',
      customer_group: tenant.rootId,
      custom_fields: [{ field: phone.id, values: [number] }],
    });
  }
  session = await sendWithoutSaving(app, admin, {
    scenario_name: 'Depot gas leak',
    scenario_type: 'conference',
    amd_conference: true,
    is_real: true,
    recipients: EVERYONE,
    devices: [device(phone, 'VOICE', 1)],
    message: { sms: '', email: '', voice: VOICE },
  });
  await until('a call to each person', () => (twilio.creates.filter((create) => create.kind === 'call').length === 4 ? true : undefined));
}, 120_000);

afterAll(async () => {
  await app?.close();
  await twilio?.close();
});

describe('a conference message through Twilio', () => {
  it('calls each person with answering-machine detection, asking our conference route what to say', async () => {
    const [prepared] = await app.app.get<EventStore>(EVENT_STORE).readStream(messageSessionConferenceStream(session.session_id));
    const conference = prepared!.data as MessageSessionConferencePrepared['data'];
    expect(conference.bridge).toMatch(/^beacon-conference-[0-9a-f]{32}$/);
    for (const number of Object.values(PEOPLE)) {
      const call = callTo(number);
      expect(call.answer).toBe(201);
      expect(call.params).toMatchObject({ From: TWILIO_FROM, MachineDetection: 'DetectMessageEnd', Method: 'POST' });
      expect(call.params['Twiml']).toBeUndefined();
      expect(param(call, 'Url')).toMatch(new RegExp(`^${publicUrl}/api/provider_callback/twilio/conference/${session.session_id}\\.`));
    }
  });

  it('joins a person who presses 1 to the session’s bridge, ends the call of one who presses 2, and leaves a machine its message', async () => {
    const [prepared] = await app.app.get<EventStore>(EVENT_STORE).readStream(messageSessionConferenceStream(session.session_id));
    const { bridge } = prepared!.data as MessageSessionConferencePrepared['data'];
    const sid = (number: string) => callTo(number).sid!;

    const annAnswered = await twilio.answerCall(sid(PEOPLE.ann), 'human');
    expect(annAnswered.status).toBe(200);
    expect(annAnswered.body).toContain(`<Say>${SETTINGS.default_message_live}\n${VOICE}</Say><Say>Press 1 to join the conference, or 2 to decline.</Say>`);
    const annJoined = await twilio.pressKeys(sid(PEOPLE.ann), '1', actionOf(annAnswered.body)!);
    const recorded = `record="record-from-start" recordingStatusCallback="${publicUrl}/api/provider_callback/twilio/conference_recording/${session.session_id}"`;
    expect(annJoined.body).toContain(`<Dial><Conference startConferenceOnEnter="true" endConferenceOnExit="false" beep="true" ${recorded} recordingStatusCallbackMethod="POST" recordingStatusCallbackEvent="completed">${bridge}</Conference></Dial>`);

    const benAnswered = await twilio.answerCall(sid(PEOPLE.ben), 'unknown');
    const benDeclined = await twilio.pressKeys(sid(PEOPLE.ben), '2', actionOf(benAnswered.body)!);
    expect(benDeclined.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Say>You have declined the conference. Goodbye.</Say><Hangup/></Response>');

    const machine = await twilio.answerCall(sid(PEOPLE.cat), 'machine_end_beep');
    expect(machine.body).toBe(`<?xml version="1.0" encoding="UTF-8"?><Response><Say>${SETTINGS.default_message_amd}</Say><Hangup/></Response>`);

    for (const number of [PEOPLE.ann, PEOPLE.ben, PEOPLE.cat]) {
      const answers = await twilio.postStatusCallbacks(sid(number), ['initiated', 'ringing', 'in-progress', 'completed']);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    }
    expect((await twilio.postStatusCallbacks(sid(PEOPLE.dan), ['initiated', 'ringing', 'no-answer'])).map((answer) => answer.status)).toEqual([200, 200, 200]);

    // Joined and declined are counted on their own (not as replied), and everything adds up to the four calls.
    const progress = await until('every call to have its final answer', async () => {
      const found = (await runResult(session.task_id)).progress;
      return found.connected === 1 && found.rejected === 1 && found.delivered === 1 && found.failed === 1 ? found : undefined;
    });
    expect(progress).toEqual({ queued: 0, sending: 0, sent: 0, delivered: 1, failed: 1, replied: 0, unknown: 0, connected: 1, rejected: 1 });
    const byNumber = new Map((await deliveries().find({ session_id: session.session_id })).map((delivery) => [delivery.address, delivery]));
    expect(byNumber.get(PEOPLE.ann)).toMatchObject({ status: 'replied', reply: '1' });
    expect(byNumber.get(PEOPLE.ben)).toMatchObject({ status: 'replied', reply: '2' });
    expect(byNumber.get(PEOPLE.cat)).toMatchObject({ status: 'delivered', reply: null });
    expect(byNumber.get(PEOPLE.dan)).toMatchObject({ status: 'failed' });
    await until('the session to complete', async () => ((await runResult(session.task_id)).status === 'complete' ? true : undefined));
  });

  it('asks again for any other key, records nothing for it, and keeps the first choice', async () => {
    const sid = callTo(PEOPLE.ann).sid!;
    const answered = await twilio.answerCall(sid, 'human');
    const again = await twilio.pressKeys(sid, '5', actionOf(answered.body)!);
    expect(again.body).toContain('<Say>That is not one of the choices.</Say>');
    // A key pressed twice (Twilio retrying) changes nothing: the first answer stands.
    await twilio.pressKeys(sid, '2', actionOf(answered.body)!);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await deliveries().findOne({ session_id: session.session_id, address: PEOPLE.ann }))?.reply).toBe('1');
  });

  it('keeps the bridge’s recording Twilio reports, once, and serves it to those the detailed report allows', async () => {
    const path = `/api/session/conference_recording/${session.session_id}/`;
    expect((await request(app.url).get(path).set(auth(admin)).expect(404)).body).toEqual({ detail: NO_CONFERENCE_RECORDING });
    const sid = callTo(PEOPLE.ann).sid!;
    const joined = await twilio.pressKeys(sid, '1', actionOf((await twilio.answerCall(sid, 'human')).body)!);
    const audio = Buffer.concat([Buffer.from('ID3'), randomBytes(20_000)]);
    const first = await twilio.completeRecording(joined.body, audio, { durationSeconds: 61 });
    expect(first.answer.status).toBe(204);
    // Reported again: nothing fetched or kept again.
    expect((await twilio.completeRecording(joined.body, audio, { recordingSid: first.recordingSid })).answer.status).toBe(204);
    expect(twilio.recordingDownloads.get(first.recordingSid)).toBe(1);
    const events = await app.app.get<EventStore>(EVENT_STORE).readStream(conferenceRecordingStream(session.session_id));
    expect(events.map((event) => [event.type, (event.data as ConferenceRecording).recordingId, (event.data as ConferenceRecording).durationSeconds])).toEqual([['ConferenceRecordingSaved', first.recordingSid, 61]]);

    const served = await until('the recording to be listed', async () => {
      const answer = await request(app.url).get(path).set(auth(admin)).buffer(true).parse(binary);
      return answer.status === 200 ? answer : undefined;
    });
    expect(served.headers['content-type']).toBe('audio/mpeg');
    expect(served.headers['content-disposition']).toContain(`Depot gas leak ${new Date().toISOString().slice(0, 10)}.mp3`);
    expect(Buffer.compare(served.body as Buffer, audio)).toBe(0);
    // People's voices: the detailed report's rule (an operator without its permission: session-reports.api.spec.ts).
    await request(app.url).get(path).set(auth(await login(app, tenant.emails.SENDER, TENANT_PASSWORD))).expect(403);

    // Our credentials go to Twilio's API only, never to an address a report names elsewhere.
    const elsewhere = await twilio.completeRecording(joined.body, audio, { recordingUrl: 'http://169.254.169.254/latest/meta-data/x' });
    expect([elsewhere.answer.status, JSON.parse(elsewhere.answer.body).detail]).toEqual([400, "The recording's address (http://169.254.169.254/latest/meta-data/x) is not on the Twilio API of this account."]);
    // A recording Twilio cannot give now is not kept, and answered 503 for Twilio to report it again.
    const missing = await twilio.completeRecording(joined.body, audio, { recordingUrl: `${twilio.apiBaseUrl}/2010-04-01/Accounts/${twilio.accountSid}/Recordings/RE${'0'.repeat(32)}` });
    expect(missing.answer.status).toBe(503);
    expect(await app.app.get<EventStore>(EVENT_STORE).readStream(conferenceRecordingStream(session.session_id))).toHaveLength(1);
  });

  it('refuses a request not signed by Twilio, and answers 404 for a delivery that is no conference call', async () => {
    const sid = callTo(PEOPLE.cat).sid!;
    const forged = await twilio.pressKeys(sid, '1', `${publicUrl}/api/provider_callback/twilio/conference/${encodeURIComponent(`${session.session_id}.x.y:VOICE.1`)}`, { tamper: (form) => (form['Digits'] = '2') });
    expect(forged.status).toBe(403);
    const unsigned = await twilio.pressKeys(sid, '1', `${publicUrl}/api/provider_callback/twilio/conference/${encodeURIComponent(`${session.session_id}.x.y:VOICE.1`)}`, { unsigned: true });
    expect(unsigned.status).toBe(403);
    const nowhere = await twilio.pressKeys(sid, '1', `${publicUrl}/api/provider_callback/twilio/conference/no-such-session.x.y%3AVOICE.1`);
    expect([nowhere.status, JSON.parse(nowhere.body)]).toEqual([404, { detail: 'No message session has this delivery.' }]);
  });
});
