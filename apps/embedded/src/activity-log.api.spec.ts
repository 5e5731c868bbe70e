import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { CommandBus } from '@nestjs/cqrs';
import type { ActivityLogCustomerGroupsDto, ActivityLogEntryDto, ActivityLogPageDto } from '@beacon/contracts';
import { CreateCustomerGroupCommand, DEMO_GROUPS, DEMO_USERS, RegisterUserCommand } from '@beacon/command-api';
import { startTestApp, type TestApp } from './testing/embedded-test-app';
import { createSecondTenant, OTHER_TENANT_PASSWORD } from './testing/second-tenant';

let app: TestApp;
let admin: string;
/** Position of the latest write a test made; reads wait for the projections to reach it. */
let lastWrite = '0';

const rootId = DEMO_GROUPS[0].customerGroupId;
const northId = DEMO_GROUPS[1].customerGroupId;
const adminUser = DEMO_USERS.find((user) => user.customerPermission === 'ADMIN')!;
const auth = (key: string) => ({ Authorization: `Token ${key}` });
const LIST = '/api/activity_log/';
const GROUPS = '/api/activity_log/customer_group/';
const EXPORT = '/api/activity_log/export_summary/';

const wrote = (position: string | number | undefined) => {
  if (position !== undefined && Number(position) > Number(lastWrite)) lastWrite = String(position);
};

async function signIn(email: string, password = 'Demo-password-1'): Promise<string> {
  const response = await request(app.url).post('/api/rest-auth/login/').send({ email, password }).expect(200);
  wrote(response.headers['x-event-position']);
  return (response.body as { key: string }).key;
}

function list(key: string, query: Record<string, string | number> = {}) {
  return request(app.url).get(LIST).query(query).set(auth(key)).set('X-Read-Position', lastWrite);
}

async function entries(key: string, query: Record<string, string | number> = {}): Promise<ActivityLogPageDto['data']> {
  return ((await list(key, query).expect(200)).body as ActivityLogPageDto).data;
}

function exportCsv(key: string, body: object = {}) {
  return request(app.url)
    .post(EXPORT)
    .set(auth(key))
    .set('X-Read-Position', lastWrite)
    .send(body)
    .buffer(true)
    .parse((response, done) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => done(null, text));
    });
}

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += char;
    }
  }
  return rows;
}

function londonDay(offsetDays: number): string {
  const instant = Date.now() + offsetDays * 86_400_000;
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

beforeAll(async () => {
  app = await startTestApp();
  await request(app.url).post('/api/rest-auth/login/').send({ email: 'admin@demo.test', password: 'wrong' }).expect(400);
  admin = await signIn('admin@demo.test');
  const rename = await request(app.url)
    .put(`/api/customer_group_im_settings/${rootId}/`)
    .set(auth(admin))
    .send({ module_name: 'Case', module_name_plural: 'Cases' })
    .expect(200);
  wrote(rename.headers['x-event-position']);
});

afterAll(async () => {
  await app?.close();
});

describe('GET /api/activity_log/', () => {
  it('lists the history newest first: who, what, when and which customer group', async () => {
    const page = await entries(admin, { page_size: 100 });
    const positions = page.activity_logs.map((entry) => entry.id);
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
    const [rename, signedIn, failed] = page.activity_logs;
    expect(rename).toMatchObject({
      id: Number(lastWrite),
      event_type: 'IncidentModuleSettingsChanged',
      category: 'customer_group',
      action: 'Changed the Incident module name to Case / Cases',
      customer_group: { id: rootId, name: 'Demo Organisation' },
      user: { id: adminUser.userId, email: 'admin@demo.test', name: 'Ada Demo' },
      details: { module_name: 'Case', module_name_plural: 'Cases' },
    });
    expect(Date.parse(rename!.date)).toBeGreaterThan(Date.now() - 60_000);
    expect(signedIn).toMatchObject({ action: 'Signed in', user: { email: 'admin@demo.test' } });
    expect(failed).toMatchObject({ action: 'Failed sign-in attempt', user: { email: 'admin@demo.test' } });
    const actions = page.activity_logs.map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'Created customer group Demo Organisation',
        'Created customer group North Region',
        'Created user admin@demo.test (ADMIN)',
        'Reserved the email address operator@demo.test',
        "Set a user's password",
      ]),
    );
    const seeded = page.activity_logs.find((entry) => entry.action === 'Created user operator@demo.test (OPERATOR)');
    expect(seeded).toMatchObject({ user: null, target_user: { email: 'operator@demo.test', name: 'Olu Demo' } });
  });

  it('pages with page and page_size, 25 by default', async () => {
    const all = await entries(admin, { page_size: 100 });
    expect(all.count).toBe(all.activity_logs.length);
    expect(all.count).toBeGreaterThan(20);
    const first = await entries(admin, { page: 1, page_size: 5 });
    const second = await entries(admin, { page: 2, page_size: 5 });
    expect(first).toMatchObject({ count: all.count, page: 1, page_size: 5, number_of_pages: Math.ceil(all.count / 5) });
    expect([...first.activity_logs, ...second.activity_logs].map((e) => e.id)).toEqual(all.activity_logs.slice(0, 10).map((e) => e.id));
    expect((await entries(admin)).page_size).toBe(25);
    expect((await entries(admin, { page: 1000, page_size: 5 })).activity_logs).toEqual([]);
  });

  it('filters by user, event type, category, customer group, search text and dates', async () => {
    const byUser = await entries(admin, { user: adminUser.userId, page_size: 100 });
    expect(byUser.count).toBeGreaterThanOrEqual(3);
    expect(byUser.activity_logs.every((entry) => entry.user?.id === adminUser.userId)).toBe(true);

    const failures = await entries(admin, { event_type: 'UserSignInFailed' });
    expect(failures.activity_logs.map((entry) => entry.action)).toEqual(['Failed sign-in attempt']);

    const signIns = await entries(admin, { category: 'sign_in', page_size: 100 });
    expect(new Set(signIns.activity_logs.map((entry) => entry.category))).toEqual(new Set(['sign_in']));

    const twoTypes = await entries(admin, { event_type: 'UserSignInFailed,IncidentModuleSettingsChanged' });
    expect(twoTypes.count).toBe(2);

    const north = await entries(admin, { customer_group: northId });
    expect(north.activity_logs.map((entry) => entry.action)).toEqual(['Created customer group North Region']);
    expect(north.activity_logs[0]!.customer_group).toEqual({ id: northId, name: 'North Region' });

    const searched = await entries(admin, { search: 'NORTH reg' });
    expect(searched.activity_logs.map((entry) => entry.action)).toEqual(['Created customer group North Region']);
    expect((await entries(admin, { search: '.*' })).count).toBe(0);

    const total = (await entries(admin)).count;
    expect((await entries(admin, { date_from: londonDay(-1), date_to: londonDay(1) })).count).toBe(total);
    expect((await entries(admin, { date_from: londonDay(2) })).count).toBe(0);
    expect((await entries(admin, { date_to: londonDay(-2) })).count).toBe(0);
  });

  it('answers 400 with a message per bad filter, never 500', async () => {
    const response = await list(admin, { page: 'abc', page_size: 1000, date_from: '2026-13-01', category: 'nope' }).expect(400);
    expect(response.body).toMatchObject({
      page: ['A valid integer is required.'],
      page_size: ['Ensure this value is less than or equal to 100.'],
      date_from: [expect.stringContaining('YYYY-MM-DD')],
      category: ['"nope" is not a valid choice.'],
    });
    const order = await list(admin, { date_from: '2026-03-02', date_to: '2026-03-01' }).expect(400);
    expect(order.body.date_to).toEqual(['The end date must not be before the start date.']);
    await request(app.url).get(`${LIST}?page=1&page=2`).set(auth(admin)).expect(400);
  });

  it('answers 404 for a customer group outside the tenant', async () => {
    await list(admin, { customer_group: 'no-such-group' }).expect(404);
  });

  it('is for admins only', async () => {
    for (const role of ['operator', 'sender', 'contact', 'data']) {
      const key = await signIn(`${role}@demo.test`);
      await list(key).expect(403);
      await request(app.url).get(GROUPS).set(auth(key)).expect(403);
      await exportCsv(key).expect(403);
    }
    await request(app.url).get(LIST).expect(401);
  });
});

describe('GET /api/activity_log/customer_group/', () => {
  it("lists the groups in the caller's reach, root first", async () => {
    const response = await request(app.url).get(GROUPS).set(auth(admin)).expect(200);
    expect((response.body as ActivityLogCustomerGroupsDto).data.customer_groups).toEqual([
      { id: rootId, name: 'Demo Organisation', parent: null },
      { id: northId, name: 'North Region', parent: rootId },
      { id: DEMO_GROUPS[2].customerGroupId, name: 'South Region', parent: rootId },
      { id: DEMO_GROUPS[3].customerGroupId, name: 'West Region', parent: rootId },
    ]);
  });
});

describe('reach', () => {
  it("an admin of a child group sees that group's entries only", async () => {
    const userId = randomUUID();
    const email = `north-admin-${userId.slice(0, 8)}@demo.test`;
    wrote(
      await app.app.get(CommandBus).execute(new RegisterUserCommand(
        {
          user: {
            userId,
            email,
            firstName: 'Nora',
            lastName: 'North',
            customerGroupId: northId,
            rootId,
            customerPermission: 'ADMIN',
            isTemporary: false,
            preferredTimezone: 'Europe/London',
          },
          password: 'North-password-1',
        },
        { commandId: randomUUID(), tenantId: rootId, customerGroupId: northId, actorUserId: adminUser.userId, acceptedAt: new Date() },
      )),
    );
    const northAdmin = await signIn(email, 'North-password-1');
    const page = await entries(northAdmin, { page_size: 100 });
    expect(new Set(page.activity_logs.map((entry) => entry.customer_group.id))).toEqual(new Set([northId]));
    expect(page.activity_logs.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['Signed in', `Created user ${email} (ADMIN)`, 'Created customer group North Region']),
    );
    await list(northAdmin, { customer_group: rootId }).expect(404);
    const groups = await request(app.url).get(GROUPS).set(auth(northAdmin)).expect(200);
    expect((groups.body as ActivityLogCustomerGroupsDto).data.customer_groups).toEqual([{ id: northId, name: 'North Region', parent: rootId }]);
  });

  it("another tenant sees none of the demo tenant's entries and gets 404 for its groups", async () => {
    const other = await createSecondTenant(app);
    const otherAdmin = await signIn(other.adminEmail, OTHER_TENANT_PASSWORD);
    const response = await list(otherAdmin, { page_size: 100 }).expect(200);
    const page = (response.body as ActivityLogPageDto).data;
    expect(page.activity_logs.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['Signed in', 'Created customer group Other Organisation', `Created user ${other.adminEmail} (ADMIN)`]),
    );
    expect(page.activity_logs.every((entry: ActivityLogEntryDto) => entry.customer_group.id === other.rootId)).toBe(true);
    expect(JSON.stringify(response.body)).not.toMatch(/demo\.test|Demo Organisation|North Region/);
    for (const id of [rootId, northId]) {
      const refused = await list(otherAdmin, { customer_group: id }).expect(404);
      expect(JSON.stringify(refused.body)).not.toMatch(/Demo|North/);
      await exportCsv(otherAdmin, { customer_group: id }).expect(404);
    }
    await list(admin, { customer_group: other.rootId }).expect(404);
    const otherCsv = parseCsv((await exportCsv(otherAdmin).expect(200)).body as string);
    expect(otherCsv.flat().join(' ')).not.toMatch(/demo\.test|Demo Organisation/);
  });
});

describe('POST /api/activity_log/export_summary/', () => {
  it('answers a CSV file of every matching entry, newest first, with a header row', async () => {
    const response = await exportCsv(admin).expect(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="activity-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = (response.body as string).replace(/^\uFEFF/, '');
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['Date', 'Customer group', 'User', 'Action', 'Details']);
    const { count } = await entries(admin);
    expect(rows).toHaveLength(count + 1);
    expect(rows.slice(1).every((row) => row.length === 5 && /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/.test(row[0]!))).toBe(true);
    expect(rows).toContainEqual([expect.any(String), 'Demo Organisation', 'Ada Demo <admin@demo.test>', 'Failed sign-in attempt', '']);
    expect(rows).toContainEqual([
      expect.any(String),
      'Demo Organisation',
      'System',
      'Created user sender@demo.test (SENDER)',
      expect.stringContaining('User: Sam Demo <sender@demo.test>'),
    ]);
  });

  it('applies the filters given in the body', async () => {
    const rows = parseCsv(((await exportCsv(admin, { event_type: ['UserSignInFailed'] }).expect(200)).body as string).replace(/^\uFEFF/, ''));
    expect(rows.map((row) => row[3])).toEqual(['Action', 'Failed sign-in attempt']);
    const bad = await exportCsv(admin, { date_to: 'soon', page: 'x' }).expect(400);
    expect(Object.keys(JSON.parse(bad.body as string) as object)).toEqual(expect.arrayContaining(['date_to', 'page']));
  });

  it('quotes commas, quotes and line breaks, and keeps formulas from running', async () => {
    const evilId = randomUUID();
    wrote(
      await app.app.get(CommandBus).execute(new CreateCustomerGroupCommand(
        { customerGroupId: evilId, name: '=HYPERLINK("http://evil.test")', parentId: rootId, rootId, rootPermissions: [], settings: {} },
        { commandId: randomUUID(), tenantId: rootId, customerGroupId: evilId, actorUserId: adminUser.userId, acceptedAt: new Date() },
      )),
    );
    const rename = await request(app.url)
      .put(`/api/customer_group_im_settings/${rootId}/`)
      .set(auth(admin))
      .send({ module_name: 'Case, "big"', module_name_plural: 'Cases' })
      .expect(200);
    wrote(rename.headers['x-event-position']);
    const text = ((await exportCsv(admin).expect(200)).body as string).replace(/^\uFEFF/, '');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(text).toContain('"Changed the Incident module name to Case, ""big"" / Cases"');
    const rows = parseCsv(text);
    expect(rows[1]!.slice(1, 4)).toEqual(['Demo Organisation', 'Ada Demo <admin@demo.test>', 'Changed the Incident module name to Case, "big" / Cases']);
    expect(rows[2]!.slice(1, 4)).toEqual([`'=HYPERLINK("http://evil.test")`, 'Ada Demo <admin@demo.test>', 'Created customer group =HYPERLINK("http://evil.test")']);
  });
});
