import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { ActivityLogPageDto, ContactFieldDto, RunResultDto, ScenarioDto, ScenarioListEntryDto, SessionStartedDto } from '@beacon/contracts';
import { ROOT_PERMISSIONS } from '@beacon/domain';
import { DISPATCH_OUTBOX_COLLECTION, READ_STORE } from '@beacon/platform';
import type { ReadStore } from '@beacon/read-store';
import { because } from '@beacon/testing';
import { MessageSessionWork } from '@beacon/query-api';
import { createContact, createContactField } from './testing/contacts';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { device, EVERYONE } from './testing/send-message';
import { createTenantWithRoles, TENANT_PASSWORD, type TenantWithRoles } from './testing/tenant-with-roles';
import { until } from './testing/until';

/**
 * Holiday and weekend checks of scheduled messages, over HTTP, through the due-time poller, the planner,
 * the workers and the simulator: the schedule's answer says what will happen, and when the session falls
 * due (the poller's round run at that time) it moves to the next working day or is skipped, as the
 * message's checks say, read in the group's time zone (Europe/London, the default).
 */
let app: TestApp;
let tenant: TenantWithRoles;
let admin: string;
let mobile: ContactFieldDto;
const PEOPLE = 3;

// Saturday 9 March 2030, 09:00 in London (GMT), and the Monday after.
const SATURDAY = '2030-03-09T09:00:00.000Z';
const MONDAY = '2030-03-11T09:00:00.000Z';
// Monday 15 July 2030, 09:00 in London (BST): a day of the message's own holiday list.
const OPEN_DAY = '2030-07-15T08:00:00.000Z';

const noChecks = { check_holiday: false, reschedule_holiday: false, check_weekend: false, reschedule_weekend: false, country: '', subdivision: '', holiday_list: [] };

/** How long and how often the tests wait: up to 30 s, asking every 100 ms. */
const POLL = { timeoutMs: 30_000, intervalMs: 100 };

async function message(name: string, holiday: object): Promise<ScenarioDto> {
  const response = await request(app.url)
    .post('/api/scenario/')
    .set(auth(admin))
    .send({
      scenario_name: name,
      is_real: true,
      recipients: EVERYONE,
      devices: [device(mobile, 'SMS', 1)],
      message: { sms: `${name}: please read.`, email: '', voice: '' },
      holiday: { ...noChecks, ...holiday },
    });
  because(JSON.stringify(response.body), () => expect(response.status).toBe(201));
  return response.body as ScenarioDto;
}

const schedule = async (scenario: ScenarioDto, at: string) =>
  (await request(app.url).post('/api/session/').set(auth(admin)).send({ scenario: scenario.id, scheduled_for: at }).expect(201)).body as SessionStartedDto;
const runResult = async (taskId: string) => (await request(app.url).get(`/api/scenario/run_result/${taskId}/`).set(auth(admin)).expect(200)).body as RunResultDto;
const inState = (taskId: string, check: (result: RunResultDto) => boolean) =>
  until(`session ${taskId} to move on`, async () => {
    const result = await runResult(taskId).catch(() => undefined);
    return result && check(result) ? result : undefined;
  }, POLL);
const outbox = (sessionId: string) => app.app.get<ReadStore>(READ_STORE).scope(tenant.rootId).collection<{ _id: string; session_id: string }>(DISPATCH_OUTBOX_COLLECTION).find({ session_id: sessionId });
/** The poller's round as it runs at `at` (the sessions due by then are looked at). */
const pollerAt = (at: string) => app.app.get(MessageSessionWork).round(new Date(Date.parse(at) + 1_000));

async function listed(scenario: ScenarioDto, sessionId: string) {
  const entries = (await request(app.url).get('/api/scenario/').query({ page_size: 'all', include_sessions: 'true', include_scheduled: 'true', search: scenario.scenario_name }).set(auth(admin)).expect(200))
    .body as ScenarioListEntryDto[];
  const entry = entries.find((found) => found.id === scenario.id);
  return [...(entry?.scheduled ?? []), ...(entry?.sessions ?? [])].find((session) => session.id === sessionId);
}

async function activity(sessionId: string): Promise<string[]> {
  const page = ((await request(app.url).get('/api/activity_log/').query({ page_size: 100 }).set(auth(admin)).expect(200)).body as ActivityLogPageDto).data;
  return page.activity_logs.filter((entry) => entry.details.session_id === sessionId).map((entry) => entry.action);
}

beforeAll(async () => {
  app = await startTestApp();
  tenant = await createTenantWithRoles(app, ROOT_PERMISSIONS);
  admin = await login(app, tenant.emails.ADMIN, TENANT_PASSWORD);
  mobile = await createContactField(app, admin, { label: 'Mobile', field_type: 'PHONE(SMS)', customer_group: tenant.rootId });
  for (let n = 0; n < PEOPLE; n++) {
    await createContact(app, admin, {
      email: `worker-${n}-${randomUUID().slice(0, 8)}@demo.test`,
      first_name: `Worker${n}`,
      last_name: 'Shift',
      customer_group: tenant.rootId,
      custom_fields: [{ field: mobile.id, values: [`+447911124${String(100 + n)}`] }],
    });
  }
}, 120_000);

afterAll(() => app.close());

describe('a scheduled message on a day its checks find', () => {
  it('moves a Saturday schedule to Monday at the same time: the answer says so, the calendar and activity log say why, and it is sent on Monday', async () => {
    const drill = await message('Weekday drill', { check_weekend: true, reschedule_weekend: true });
    const scheduled = await schedule(drill, SATURDAY);
    expect(scheduled).toMatchObject({
      status: 'scheduled',
      scheduled_for: SATURDAY,
      send_day_check: { outcome: 'reschedule', reasons: ['weekend'], local_date: '2030-03-09', rescheduled_at: MONDAY, reason: 'Saturday 09/03/2030 is a weekend day.' },
    });

    await inState(scheduled.task_id, (result) => result.status === 'scheduled');
    await pollerAt(SATURDAY);
    const moved = await inState(scheduled.task_id, (result) => result.scheduled_for === MONDAY);
    expect(moved).toMatchObject({ status: 'scheduled', started_at: null });
    expect(await outbox(scheduled.session_id)).toEqual([]);
    expect(await listed(drill, scheduled.session_id)).toMatchObject({ status: 'scheduled', scheduled_for: MONDAY, rescheduled_from: SATURDAY, schedule_note: 'Saturday 09/03/2030 is a weekend day.' });
    const told = await until('the move in the activity log', async () => ((await activity(scheduled.session_id)).some((action) => action.startsWith('Moved')) ? activity(scheduled.session_id) : undefined), POLL);
    expect(told).toContain(`Moved a scheduled message from ${SATURDAY} to ${MONDAY}: Saturday 09/03/2030 is a weekend day.`);

    // Sunday's round leaves it; Monday's starts it, and everybody gets it once.
    await pollerAt('2030-03-10T09:00:00.000Z');
    expect((await runResult(scheduled.task_id)).status).toBe('scheduled');
    await pollerAt(MONDAY);
    const sent = await inState(scheduled.task_id, (result) => result.status === 'complete');
    expect(Date.parse(sent.started_at!)).toBeGreaterThanOrEqual(Date.parse(MONDAY));
    expect(sent.deliveries).toBe(PEOPLE);
    expect(await outbox(scheduled.session_id)).toHaveLength(PEOPLE);
  });

  it("skips a schedule on a day of the message's own holiday list when its rescheduling is off: nothing is sent, and it says why", async () => {
    const closures = await message('Open day notice', { check_holiday: true, country: 'GB', subdivision: 'ENG', holiday_list: [{ date: '2030-07-15', name: 'Site open day' }] });
    const scheduled = await schedule(closures, OPEN_DAY);
    expect(scheduled.send_day_check).toMatchObject({ outcome: 'skip', reasons: ['holiday'], holidays: ['Site open day'], rescheduled_at: null, reason: 'Monday 15/07/2030 is a holiday (Site open day).' });

    await inState(scheduled.task_id, (result) => result.status === 'scheduled');
    await pollerAt(OPEN_DAY);
    const skipped = await inState(scheduled.task_id, (result) => result.status === 'skipped');
    expect(skipped).toMatchObject({ started_at: null, recipients: null, deliveries: null });
    expect(await listed(closures, scheduled.session_id)).toMatchObject({ status: 'skipped', schedule_note: 'Monday 15/07/2030 is a holiday (Site open day).' });
    await pollerAt('2030-07-16T08:00:00.000Z');
    expect(await outbox(scheduled.session_id)).toEqual([]);
    expect(await until('the skip in the activity log', async () => ((await activity(scheduled.session_id)).length > 1 ? activity(scheduled.session_id) : undefined), POLL)).toContain(
      'Did not send a scheduled message: Monday 15/07/2030 is a holiday (Site open day).',
    );
  });

  it('answers a schedule on a day no check finds with send_day_check null, and a public holiday moved past with its name', async () => {
    const drill = await message('Holiday drill', { check_holiday: true, reschedule_holiday: true, check_weekend: true, reschedule_weekend: true, country: 'GB', subdivision: 'ENG' });
    expect((await schedule(drill, '2030-12-23T09:00:00.000Z')).send_day_check).toBeNull();
    // Christmas Day (Wednesday), then Boxing Day: Friday 27 December.
    expect((await schedule(drill, '2030-12-25T09:00:00.000Z')).send_day_check).toMatchObject({ outcome: 'reschedule', holidays: ['Christmas Day'], rescheduled_at: '2030-12-27T09:00:00.000Z' });
  });
});
