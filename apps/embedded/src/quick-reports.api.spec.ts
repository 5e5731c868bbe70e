import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { ContactFieldDto, RunResultDto, SessionStartedDto } from '@beacon/contracts';
import { quickReportContent, quickReportCountsOf, quickReportId, ROOT_PERMISSIONS } from '@beacon/domain';
import { DISPATCH_OUTBOX_COLLECTION, READ_STORE } from '@beacon/platform';
import type { Document, ReadStore } from '@beacon/read-store';
import { QuickReportWork } from '@beacon/query-api';
import { createContact, createContactField } from './testing/contacts';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { device, EVERYONE, sendWithoutSaving } from './testing/send-message';
import { createTenantWithRoles, TENANT_PASSWORD, type TenantWithRoles } from './testing/tenant-with-roles';
import { until } from './testing/until';

/**
 * Quick reports (spec part 2 §3 "Quick report"), over HTTP, through the planner, the dispatch workers
 * and the simulator: when a session with send_quick_report completes, its report's recipients get the
 * session's counts, once, by email or (where the group may) SMS, without counting in its progress.
 */
let app: TestApp;
let tenant: TenantWithRoles;
let admin: string;
let mobile: ContactFieldDto;
let email: ContactFieldDto;
const PEOPLE = 6;
const people: { id: string; email: string; mobile: string }[] = [];

interface OutboxEntry extends Document {
  session_id: string;
  channel: string;
  address: string;
  subject: string | null;
  content: string;
}

const outbox = (sessionId: string) => app.app.get<ReadStore>(READ_STORE).scope(tenant.rootId).collection<OutboxEntry>(DISPATCH_OUTBOX_COLLECTION).find({ session_id: sessionId });

/** How long and how often the tests wait: up to 30 s, asking every 100 ms. */
const POLL = { timeoutMs: 30_000, intervalMs: 100 };

const runResult = async (taskId: string) => (await request(app.url).get(`/api/scenario/run_result/${taskId}/`).set(auth(admin)).expect(200)).body as RunResultDto;
const completed = (taskId: string) =>
  until(`session ${taskId} to complete`, async () => {
    const result = await runResult(taskId);
    return result.status === 'complete' ? result : undefined;
  }, POLL);
/** The report's messages in the simulator's outbox, once `count` of them are there. */
const reportSent = (sessionId: string, count: number) =>
  until(`the quick report of ${sessionId}`, async () => {
    const sent = await outbox(quickReportId(sessionId));
    return sent.length >= count ? sent : undefined;
  }, POLL);

function send(name: string, quickReport: object): Promise<SessionStartedDto> {
  return sendWithoutSaving(app, admin, {
    scenario_name: name,
    is_real: true,
    recipients: EVERYONE,
    devices: [device(mobile, 'SMS', 1), device(email, 'EMAIL', 2, { label: 'Email' })],
    email_subject_line: name,
    message: { sms: `${name}: reply 1 if you are safe.`, email: `${name}: reply 1 if you are safe.`, voice: '' },
    quick_report: quickReport,
  });
}

beforeAll(async () => {
  app = await startTestApp();
  tenant = await createTenantWithRoles(app, ROOT_PERMISSIONS);
  admin = await login(app, tenant.emails.ADMIN, TENANT_PASSWORD);
  mobile = await createContactField(app, admin, { label: 'Mobile', field_type: 'PHONE(SMS)', customer_group: tenant.rootId });
  email = await createContactField(app, admin, { label: 'Email', field_type: 'EMAIL', customer_group: tenant.rootId });
  for (let n = 0; n < PEOPLE; n++) {
    const person = { email: `manager-${n}-${randomUUID().slice(0, 8)}@demo.test`, mobile: `+447911125${String(100 + n)}` };
    const id = await createContact(app, admin, {
      email: person.email,
      first_name: `Manager${n}`,
      last_name: 'Site',
      customer_group: tenant.rootId,
      custom_fields: [
        { field: mobile.id, values: [person.mobile] },
        { field: email.id, values: [`work-${n}@demo.test`] },
      ],
    });
    people.push({ id, ...person });
  }
}, 120_000);

afterAll(() => app.close());

describe('a quick report', () => {
  it("goes by email to each of its recipients once the session completes, with the session's counts, and is not counted in the session", async () => {
    const recipients = [people[0]!.id, tenant.userIds.ADMIN];
    const started = await send('Fire drill', { send_quick_report: true, recipients, type: 'email' });
    const result = await completed(started.task_id);
    const sent = await reportSent(started.session_id, 2);

    // To their account email addresses, by email, saying what the run result says.
    expect(sent.map((message) => message.address).sort()).toEqual([people[0]!.email, tenant.emails.ADMIN].sort());
    expect(sent.every((message) => message.channel === 'EMAIL' && message.subject === 'Quick report: Fire drill')).toBe(true);
    expect(sent[0]!.content).toBe(quickReportContent('Fire drill', quickReportCountsOf(result.recipients!, result.progress)).email);
    expect(sent[0]!.content).toContain(`Messages sent: ${result.deliveries}`);

    // The session's own progress and outbox hold its deliveries only.
    const after = await runResult(started.task_id);
    expect(after.deliveries).toBe(PEOPLE * 2);
    expect(Object.values(after.progress).reduce((sum, count) => sum + count, 0)).toBe(after.deliveries);
    expect(await outbox(started.session_id)).toHaveLength(PEOPLE * 2);

    // Carried on again (as after a restart), it sends nothing more.
    await app.app.get(QuickReportWork).round();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await outbox(quickReportId(started.session_id))).toHaveLength(2);
  });

  it("goes by SMS to the recipients' mobiles once the group sends SMS quick reports; by email while it does not", async () => {
    const asked = { send_quick_report: true, recipients: [people[1]!.id, tenant.userIds.ADMIN], type: 'sms' };
    const beforeSms = await send('Flood warning', asked);
    await completed(beforeSms.task_id);
    const byEmail = await reportSent(beforeSms.session_id, 2);
    expect(byEmail.map((message) => message.channel)).toEqual(['EMAIL', 'EMAIL']);

    await request(app.url).put(`/api/customer_group_settings/${tenant.rootId}/`).set(auth(admin)).send({ sms_quick_reports: true }).expect(200);
    const started = await send('Flood warning', asked);
    const result = await completed(started.task_id);
    const [text, ...more] = await reportSent(started.session_id, 1);
    // The admin has no mobile: only the manager gets the text.
    expect(more).toEqual([]);
    expect(text).toMatchObject({ channel: 'SMS', address: people[1]!.mobile, content: quickReportContent('Flood warning', quickReportCountsOf(result.recipients!, result.progress)).sms });
  });

  it('is not sent for a message without one', async () => {
    const started = await send('Quiet drill', { send_quick_report: false, recipients: [people[2]!.id], type: 'email' });
    await completed(started.task_id);
    await app.app.get(QuickReportWork).round();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await outbox(quickReportId(started.session_id))).toEqual([]);
  });
});
