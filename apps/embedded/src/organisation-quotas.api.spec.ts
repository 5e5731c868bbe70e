import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { ContactFieldDto, OrganisationPageDto, OrganisationProvisionedDto, QuotaUsageDto, RunResultDto } from '@beacon/contracts';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createContact, createContactField } from './testing/contacts';
import { runPlatformTool } from './testing/platform-tool';
import { signInAsProvisionedAdmin } from './testing/provisioned-admin';
import { device, EVERYONE, sendWithoutSaving } from './testing/send-message';
import { until } from './testing/until';

/**
 * An organisation's daily quotas (issue: organisations): set by the platform's operators, a send that
 * would take a channel past its quota is refused before anything of it is queued, with the numbers,
 * and the organisation's senders see today's use against each quota.
 */
const KEY = randomBytes(32).toString('hex');
const PEOPLE = 3;

let app: TestApp;
let organisation: OrganisationProvisionedDto;
let admin: string;
let mobile: ContactFieldDto;

const platform = (method: 'post' | 'put', path: string) => request(app.url)[method](path).set('Authorization', `Platform ${KEY}`);
const runResult = async (taskId: string) => (await request(app.url).get(`/api/scenario/run_result/${taskId}/`).set(auth(admin)).expect(200)).body as RunResultDto;
const usage = async (token = admin) => (await request(app.url).get('/api/customer_group_quota_usage/').set(auth(token)).expect(200)).body as QuotaUsageDto;
const smsUsage = async () => (await usage()).channels.find((channel) => channel.channel === 'SMS')!;

/** A text to everyone by SMS (one message a person), finished: complete or refused. */
async function sendSms(name: string): Promise<RunResultDto> {
  const session = await sendWithoutSaving(app, admin, { scenario_name: name, is_real: false, recipients: EVERYONE, devices: [device(mobile, 'SMS', 1)], message: { sms: 'Depot closed today.', email: '', voice: '' } });
  return until(`“${name}” to finish`, async () => {
    const found = await runResult(session.task_id);
    return found.status === 'complete' || found.status === 'refused' ? found : undefined;
  });
}

beforeAll(async () => {
  app = await startTestApp({ PLATFORM_API_KEY: KEY });
  const email = `quota-admin-${randomUUID().slice(0, 8)}@depot.test`;
  organisation = (
    await platform('post', '/api/platform/organisations/')
      .send({ name: `Depot ${randomUUID().slice(0, 8)}`, root_permissions: ['SMS', 'Voice'], quotas: { SMS: 5, EMAIL: null }, admin: { email, first_name: 'Quinn', last_name: 'Quota' } })
      .expect(201)
  ).body as OrganisationProvisionedDto;
  admin = await signInAsProvisionedAdmin(app, email);
  mobile = await createContactField(app, admin, { label: 'Mobile', field_type: 'PHONE(SMS&VOICE)', customer_group: organisation.id });
  for (let index = 0; index < PEOPLE; index++) {
    await createContact(app, admin, {
      email: `driver${index}-${organisation.id.slice(0, 8)}@depot.test`,
      first_name: `Driver ${index}`,
      last_name: 'Depot',
      customer_group: organisation.id,
      custom_fields: [{ field: mobile.id, values: [`+4479111244${String(index).padStart(2, '0')}`] }],
    });
  }
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('daily quotas', () => {
  it('are set at provisioning and shown to the organisation’s senders, with nothing used yet', async () => {
    expect(organisation.quotas).toEqual({ SMS: 5 });
    const listed = await until('the organisation in the platform’s list', async () => {
      const page = (await request(app.url).get('/api/platform/organisations/').query({ search: organisation.name }).set('Authorization', `Platform ${KEY}`).expect(200)).body as OrganisationPageDto;
      return page.results[0];
    });
    expect(listed.quotas).toEqual({ SMS: 5 });
    const today = await usage();
    expect(today.channels).toEqual([
      { channel: 'SMS', label: 'SMS', used: 0, quota: 5 },
      { channel: 'VOICE', label: 'voice', used: 0, quota: null },
      { channel: 'EMAIL', label: 'email', used: 0, quota: null },
      { channel: 'TEAMS', label: 'Microsoft Teams', used: 0, quota: null },
      { channel: 'SLACK', label: 'Slack', used: 0, quota: null },
    ]);
    expect(today.time_zone).toBe('Europe/London');
    expect(Date.parse(today.resets_at)).toBeGreaterThan(Date.now());
    expect(Date.parse(today.resets_at) - Date.now()).toBeLessThanOrEqual(25 * 3600_000);
  });

  it('let a send within the quota go, count it, and refuse the next one that would go past it, with the numbers, sending nothing', async () => {
    const first = await sendSms('Within the quota');
    expect(first).toMatchObject({ status: 'complete', deliveries: PEOPLE, note: null });
    expect(await smsUsage()).toEqual({ channel: 'SMS', label: 'SMS', used: PEOPLE, quota: 5 });

    const second = await sendSms('Past the quota');
    expect(second.status).toBe('refused');
    expect(second.note).toBe("This send needs 3 messages by SMS, and the organisation's daily SMS quota is 5 messages: 3 used today, 2 left. Nothing was sent.");
    expect(second.deliveries).toBeNull();
    expect((await smsUsage()).used).toBe(PEOPLE);

    const log = await until('the refusal in the activity log', async () => {
      const page = JSON.stringify((await request(app.url).get('/api/activity_log/').set(auth(admin)).expect(200)).body);
      return page.includes('Refused a message: This send needs 3 messages by SMS') ? page : undefined;
    });
    expect(log).toContain('Counted a send against the daily quotas');
  });

  it('follow a change by the platform’s operators: a higher quota lets the send go', async () => {
    const changed = await platform('put', `/api/platform/organisations/${organisation.id}/quotas/`).send({ quotas: { SMS: 10, VOICE: 0 } }).expect(200);
    expect(changed.body).toEqual({ id: organisation.id, quotas: { SMS: 10, VOICE: 0 } });
    const again = await sendSms('After the change');
    expect(again.status).toBe('complete');
    expect(await smsUsage()).toEqual({ channel: 'SMS', label: 'SMS', used: 2 * PEOPLE, quota: 10 });
    const log = JSON.stringify((await request(app.url).get('/api/activity_log/').set(auth(admin)).expect(200)).body);
    expect(log).toContain("Set the organisation's daily quotas: SMS 10 a day, voice 0 a day");
  });

  it('count a resend to those with no reply once it is queued, even past the quota (it is not stopped half-way), and the next send meets it', async () => {
    const sent = await sendSms('Roll call');
    expect(sent.status).toBe('complete');
    expect((await smsUsage()).used).toBe(3 * PEOPLE);
    await platform('put', `/api/platform/organisations/${organisation.id}/quotas/`).send({ quotas: { SMS: 3 * PEOPLE + 1, VOICE: 0 } }).expect(200);

    // Nobody replies to a test text: everyone has no reply, and is sent it again.
    await request(app.url).patch(`/api/session/${sent.task_id}/resend/`).query({ reply: 'No Response' }).set(auth(admin)).expect(202);
    const used = await until('the resend to be counted', async () => {
      const sms = await smsUsage();
      return sms.used > 3 * PEOPLE ? sms.used : undefined;
    });
    expect(used).toBe(4 * PEOPLE);
    const again = await until('the resend to finish', async () => {
      const found = await runResult(sent.task_id);
      return found.status === 'complete' && found.progress.queued === 0 && found.progress.sending === 0 ? found : undefined;
    });
    expect(again.deliveries).toBe(PEOPLE);
    const refused = await sendSms('After the resend');
    expect(refused.status).toBe('refused');
    expect(refused.note).toBe(`This send needs 3 messages by SMS, and the organisation's daily SMS quota is 10 messages: 12 used today, 0 left. Nothing was sent.`);
    await platform('put', `/api/platform/organisations/${organisation.id}/quotas/`).send({ quotas: { SMS: 10, VOICE: 0 } }).expect(200);
    const log = JSON.stringify((await request(app.url).get('/api/activity_log/').set(auth(admin)).expect(200)).body);
    expect(log).toContain('Counted a follow-up of a send against the daily quotas');
  });

  it('leave another organisation alone', async () => {
    const demo = await login(app, 'admin@demo.test');
    expect((await usage(demo)).channels.every((channel) => channel.quota === null)).toBe(true);
  });

  it('refuse a negative, fractional or huge quota and an unknown channel, naming the field, and a tenant’s token', async () => {
    const path = `/api/platform/organisations/${organisation.id}/quotas/`;
    for (const bad of [{ SMS: -1 }, { SMS: 1.5 }, { SMS: 1e12 }, { SMS: '5' }]) {
      const refused = await platform('put', path).send({ quotas: bad }).expect(400);
      expect(refused.body.quotas).toEqual(['SMS: A daily quota is a whole number from 0 to 1,000,000,000 (or null for no limit).']);
    }
    const unknown = await platform('put', path).send({ quotas: { FAX: 3 } }).expect(400);
    expect(unknown.body.quotas).toEqual(['Only these channels have quotas: SMS, VOICE, EMAIL, TEAMS, SLACK.']);
    const provision = await platform('post', '/api/platform/organisations/')
      .send({ name: `Bad ${randomUUID().slice(0, 8)}`, quotas: { EMAIL: -3 }, admin: { email: `bad-${randomUUID().slice(0, 8)}@depot.test`, first_name: 'B', last_name: 'C' } })
      .expect(400);
    expect(Object.keys(provision.body)).toContain('quotas');
    await platform('put', '/api/platform/organisations/__proto__/quotas/').send({ quotas: {} }).expect(404);
    await request(app.url).put(path).set(auth(admin)).send({ quotas: { SMS: 1000 } }).expect(401);
    expect((await smsUsage()).quota).toBe(10);
  });
});

describe('the command-line tool', () => {
  it('sets the daily quotas, and says why when refused', async () => {
    const set = await runPlatformTool(app, ['set-quotas', organisation.id, '--quotas', 'SMS=12, email=none, TEAMS=4'], KEY);
    expect(set.code).toBe(0);
    expect(JSON.parse(set.stdout)).toEqual({ id: organisation.id, quotas: { SMS: 12, TEAMS: 4 } });
    expect((await smsUsage()).quota).toBe(12);

    const negative = await runPlatformTool(app, ['set-quotas', organisation.id, '--quotas', 'SMS=-4'], KEY);
    expect(negative.code).toBe(1);
    expect(negative.stderr).toContain('quotas: SMS: A daily quota is a whole number from 0 to 1,000,000,000');
    const malformed = await runPlatformTool(app, ['set-quotas', organisation.id, '--quotas', 'SMS:4'], KEY);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('"SMS:4" is not <CHANNEL>=<messages a day>');
    expect((await smsUsage()).quota).toBe(12);
  });
});
