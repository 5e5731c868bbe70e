import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { ContactFieldDto, ScenarioDto, ScenarioListEntryDto, ScenarioPageDto } from '@beacon/contracts';
import { NAME_DUPLICATE, ROOT_PERMISSIONS } from '@beacon/domain';
import type { EventStore } from '@beacon/event-store';
import { EVENT_STORE } from '@beacon/platform';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createTenantWithRoles, TENANT_PASSWORD, type TenantWithRoles } from './testing/tenant-with-roles';

/** Messages kept as templates: create, read, change, list, name check and delete, over HTTP. */
let app: TestApp;
let tenant: TenantWithRoles;
let other: TenantWithRoles;
let admin: string;
let sender: string;
let contact: string;
let otherAdmin: string;
let mobile: ContactFieldDto;
let email: ContactFieldDto;
let team: ContactFieldDto;
let otherTeam: ContactFieldDto;

const post = (key: string, body: object) => request(app.url).post('/api/scenario/').set(auth(key)).send(body);
const put = (key: string, id: string, body: object) => request(app.url).put(`/api/scenario/${id}/`).set(auth(key)).send(body);
const get = (key: string, id: string, position?: string) =>
  request(app.url).get(`/api/scenario/${id}/`).set(auth(key)).set('X-Read-Position', position ?? '0');

async function field(key: string, body: object): Promise<ContactFieldDto> {
  return (await request(app.url).post('/api/field/').set(auth(key)).send(body).expect(201)).body as ContactFieldDto;
}

const smsDevice = () => ({ dispatch_type: 'SMS', id: `${mobile.id}:SMS`, field_id: mobile.id, label: 'SMS', field_label: 'Mobile', heading: '', position: 1 });
const emailDevice = () => ({ dispatch_type: 'EMAIL', id: `${email.id}:EMAIL`, field_id: email.id, label: 'Email', field_label: 'Email', heading: '', position: 2 });

const evacuation = (name = 'Site evacuation') => ({
  scenario_name: name,
  is_real: true,
  recipients: { include: [{ recipient_type: 'everyone', recipient_value: [] }], exclude: [], is_single_criteria: true },
  devices: [smsDevice(), emailDevice()],
  email_subject_line: 'Evacuate the building',
  message: { sms: 'Leave the building by the nearest exit now.', email: 'Leave the building by the nearest exit now.', voice: '' },
});

beforeAll(async () => {
  app = await startTestApp();
  tenant = await createTenantWithRoles(app, ROOT_PERMISSIONS);
  other = await createTenantWithRoles(app, ROOT_PERMISSIONS);
  admin = await login(app, tenant.emails.ADMIN, TENANT_PASSWORD);
  sender = await login(app, tenant.emails.SENDER, TENANT_PASSWORD);
  contact = await login(app, tenant.emails.CONTACT, TENANT_PASSWORD);
  otherAdmin = await login(app, other.emails.ADMIN, TENANT_PASSWORD);
  mobile = await field(admin, { label: 'Mobile', field_type: 'PHONE(SMS&VOICE)', customer_group: tenant.rootId });
  email = await field(admin, { label: 'Email', field_type: 'EMAIL', customer_group: tenant.rootId });
  team = await field(admin, { label: 'Team', field_type: 'SINGLESELECT', customer_group: tenant.rootId, options: ['Red', 'Blue'] });
  otherTeam = await field(otherAdmin, { label: 'Team', field_type: 'SINGLESELECT', customer_group: other.rootId, options: ['Green'] });
});

afterAll(() => app.close());

const headPosition = () => app.app.get<EventStore>(EVENT_STORE).headPosition();

describe('POST /api/scenario/', () => {
  it('keeps a message with the defaults of a new one for what it leaves out', async () => {
    const response = await post(admin, evacuation('Defaults check')).expect(201);
    const scenario = response.body as ScenarioDto;
    expect(scenario).toMatchObject({
      scenario_name: 'Defaults check',
      scenario_type: 'broadcast',
      is_dashboard: true,
      auto_retry: false,
      auto_retry_minutes: 2,
      trigger_time: 1,
      tts_voice: 'Amy',
      selected_language: 'en-GB',
      customer_group: tenant.rootId,
    });
    const read = await get(admin, scenario.id, response.headers['x-event-position']).expect(200);
    expect(read.body).toEqual(scenario);
  });

  it('answers every problem under the builder tab error keys', async () => {
    const response = await post(admin, {
      scenario_name: '  ',
      scenario_message_id: 'abc',
      selected_language: 'xx-XX',
      devices: [{ ...emailDevice(), id: 'nope:EMAIL', field_id: 'nope' }],
      scenario_type: 'sequence',
      sequence_time: 0,
      polling_options: [{ option_digit: '1', option_text: 'Yes' }, { option_digit: '1', option_text: '' }],
      triggered_scenario: 'missing',
    }).expect(400);
    expect(Object.keys(response.body).sort()).toEqual(
      ['detail', 'devices', 'language', 'message_forms', 'message_id', 'name', 'polling', 'recipients', 'sequence_settings', 'subject_line', 'trigger'].sort(),
    );
    expect(response.body.devices).toContain('"nope:EMAIL" is not a device of this customer group.');
  });

  it('refuses another tenant field option, an unknown device id and a 10 MB SMS text with a 4xx', async () => {
    const options = otherTeam as unknown as { options: { id: string }[] };
    const foreign = await post(admin, {
      ...evacuation('Foreign option'),
      recipients: { include: [{ recipient_type: 'select', recipient_value: [options.options[0]!.id] }], exclude: [], is_single_criteria: true },
    }).expect(400);
    expect(foreign.body.recipients[0]).toMatch(/is not one this customer group has/);
    await post(admin, { ...evacuation('Unknown device'), devices: [{ ...smsDevice(), id: `${mobile.id}:EMAIL` }] }).expect(400);
    const huge = await post(admin, { ...evacuation('Huge'), message: { sms: 'x'.repeat(10 * 1024 * 1024), email: 'x', voice: '' } });
    expect(huge.status).toBe(413);
  });

  it('keeps nothing an inactive channel leaves behind', async () => {
    const response = await post(admin, {
      ...evacuation('Only SMS'),
      devices: [smsDevice()],
      email_subject_line: 'Left over',
      message: { sms: 'Text', email: 'Left over', voice: 'Left over' },
      message_text: 'Left over',
      include_links: { sms: false, email: true, teams: false, slack: false },
    }).expect(201);
    expect(response.body).toMatchObject({ email_subject_line: '', message: { sms: 'Text', email: '', voice: '' }, message_text: '', include_links: { email: false } });
  });

  it('is for admins and operators: a sender is refused, a contact too', async () => {
    await post(sender, evacuation('By a sender')).expect(403);
    await post(contact, evacuation('By a contact')).expect(403);
    await request(app.url).post('/api/scenario/').send(evacuation('Anonymous')).expect(401);
  });
});

describe('names', () => {
  it('a real message name is unique in its group, in any case; a test message may share it', async () => {
    await post(admin, evacuation('Fire drill')).expect(201);
    const again = await post(admin, evacuation('  FIRE drill ')).expect(400);
    expect(again.body.name).toEqual([NAME_DUPLICATE]);
    await post(admin, { ...evacuation('Fire drill'), is_real: false }).expect(201);
    const check = await request(app.url).get('/api/scenario/name/').query({ name: 'fire DRILL', is_real: 'true' }).set(auth(sender)).expect(400);
    expect(check.body.name).toEqual([NAME_DUPLICATE]);
    await request(app.url).get('/api/scenario/name/').query({ name: 'fire DRILL', is_real: 'false' }).set(auth(sender)).expect(200);
    await request(app.url).get('/api/scenario/name/').query({ name: 'Water drill', is_real: 'true' }).set(auth(sender)).expect(200, { name: 'Water drill', available: true });
  });
});

describe('PUT and DELETE /api/scenario/{id}/', () => {
  it('changes the fields sent, one activity per tab changed, and a sender may edit', async () => {
    const created = (await post(admin, evacuation('Flood warning')).expect(201)).body as ScenarioDto;
    const changed = await put(sender, created.id, { message: { sms: 'Move to high ground.', email: 'Move to high ground.', voice: '' }, auto_retry: true }).expect(200);
    expect(changed.body).toMatchObject({ scenario_name: 'Flood warning', auto_retry: true, message: { sms: 'Move to high ground.' } });
    const unchanged = await put(admin, created.id, {}).expect(200);
    expect(unchanged.body.updated_at).toBe(changed.body.updated_at);
  });

  it('refuses bad input to a change with a 4xx and keeps the message as it was', async () => {
    const created = (await post(admin, evacuation('Storm warning')).expect(201)).body as ScenarioDto;
    const huge = await put(admin, created.id, { message: { sms: 'x'.repeat(10 * 1024 * 1024), email: 'x', voice: '' } });
    expect(huge.status).toBe(413);
    const unknown = await put(admin, created.id, { devices: [{ ...smsDevice(), id: 'other:SMS', field_id: 'other' }] }).expect(400);
    expect(unknown.body.devices).toEqual(['"other:SMS" is not a device of this customer group.']);
    await put(admin, created.id, { devices: 'all' }).expect(400);
    await put(admin, created.id, { recipients: { include: [{ recipient_type: 'nobody', recipient_value: [] }] } }).expect(400);
    await put(admin, 'x'.repeat(5000), { scenario_name: 'Long id' }).expect(404);
    await request(app.url).get('/api/scenario/name/').query({ name: 'n'.repeat(5000), is_real: 'true' }).set(auth(admin)).expect(400);
    const read = await get(admin, created.id, unknown.headers['x-event-position']).expect(200);
    expect(read.body).toEqual(created);
  });

  it('another tenant gets 404 for a message; a deleted message is gone', async () => {
    const created = (await post(admin, evacuation('Gas leak')).expect(201)).body as ScenarioDto;
    await get(otherAdmin, created.id).expect(404);
    await put(otherAdmin, created.id, { scenario_name: 'Mine now' }).expect(404);
    await request(app.url).delete(`/api/scenario/${created.id}/`).set(auth(otherAdmin)).expect(404);
    await request(app.url).delete(`/api/scenario/${created.id}/`).set(auth(sender)).expect(403);
    const deleted = await request(app.url).delete(`/api/scenario/${created.id}/`).set(auth(admin)).expect(204);
    await get(admin, created.id, deleted.headers['x-event-position']).expect(404);
  });
});

describe('GET /api/scenario/', () => {
  it('lists real and test messages with search and pages, or all of them', async () => {
    const last = await post(admin, { ...evacuation('Zebra crossing test'), is_real: false }).expect(201);
    const position = last.headers['x-event-position'];
    const all = (await request(app.url).get('/api/scenario/').query({ page_size: 'all', active_tab: 'all' }).set(auth(sender)).set('X-Read-Position', position).expect(200))
      .body as ScenarioListEntryDto[];
    expect(all.map((entry) => entry.name)).toContain('Zebra crossing test');
    expect(all.every((entry) => entry.customer_group === tenant.rootId)).toBe(true);
    const tests = (await request(app.url).get('/api/scenario/').query({ active_tab: 'test', search: 'zebra', include_sessions: 'true' }).set(auth(admin)).expect(200))
      .body as ScenarioPageDto;
    expect(tests).toMatchObject({ count: 1, next: null, previous: null });
    expect(tests.results[0]).toMatchObject({ name: 'Zebra crossing test', is_real: false, channels: ['SMS', 'EMAIL'], sessions: [] });
    const page = (await request(app.url).get('/api/scenario/').query({ page_size: '2', page: '2' }).set(auth(admin)).expect(200)).body as ScenarioPageDto;
    expect(page.results).toHaveLength(2);
    expect(page.previous).toBe(1);
    const theirs = (await request(app.url).get('/api/scenario/').query({ page_size: 'all' }).set(auth(otherAdmin)).expect(200)).body as ScenarioListEntryDto[];
    expect(theirs).toEqual([]);
    await request(app.url).get('/api/scenario/').query({ page_size: 'lots' }).set(auth(admin)).expect(400);
    await request(app.url).get('/api/scenario/').set(auth(contact)).expect(403);
  });
});

describe('contact fields in use', () => {
  it('the usage lists name the messages using a field or an option, and neither can be deleted while used', async () => {
    const options = (team as unknown as { options: { id: string }[] }).options;
    const created = await post(admin, {
      ...evacuation('Red team call-out'),
      recipients: { include: [{ recipient_type: 'select', recipient_value: [options[0]!.id] }], exclude: [], is_single_criteria: true },
    }).expect(201);
    const position = created.headers['x-event-position'];
    const byField = await request(app.url).get(`/api/field/scenarios/${mobile.id}/`).query({ page: '1', page_size: '10' }).set(auth(admin)).set('X-Read-Position', position).expect(200);
    expect(byField.body.results.map((entry: { name: string }) => entry.name)).toContain('Red team call-out');
    const byOption = await request(app.url).get(`/api/field_option/scenarios/${options[0]!.id}/`).set(auth(admin)).set('X-Read-Position', position).expect(200);
    expect(byOption.body).toMatchObject({ count: 1, results: [{ id: (created.body as ScenarioDto).id, name: 'Red team call-out', is_real: true }] });
    const unusedOption = await request(app.url).get(`/api/field_option/scenarios/${options[1]!.id}/`).set(auth(admin)).expect(200);
    expect(unusedOption.body.count).toBe(0);
    const refused = await request(app.url).delete(`/api/field/${team.id}/`).set(auth(admin)).expect(400);
    expect(JSON.stringify(refused.body)).toMatch(/used by 1 message/);
    await request(app.url).delete(`/api/customer_group/${tenant.rootId}/option/${options[0]!.id}/`).set(auth(admin)).expect(400);
    await request(app.url).delete(`/api/scenario/${(created.body as ScenarioDto).id}/`).set(auth(admin)).expect(204);
    await request(app.url).delete(`/api/customer_group/${tenant.rootId}/option/${options[0]!.id}/`).set(auth(admin)).expect(204);
  });
});

describe('the demo organisation', () => {
  it('has realistic templates: a site evacuation, a test drill and an IT outage with polling', async () => {
    const demoAdmin = await login(app, 'admin@demo.test');
    const list = (await request(app.url).get('/api/scenario/').query({ page_size: 'all' }).set(auth(demoAdmin)).set('X-Read-Position', String(await headPosition())).expect(200))
      .body as ScenarioListEntryDto[];
    expect(list.map((entry) => [entry.name, entry.is_real]).sort()).toEqual([
      ['Fire drill (test)', false],
      ['IT outage: are you affected?', true],
      ['Site evacuation', true],
    ]);
    const outage = (await get(demoAdmin, list.find((entry) => entry.name.startsWith('IT outage'))!.id).expect(200)).body as ScenarioDto;
    expect(outage.polling_options).toEqual([
      { option_digit: '1', option_text: 'Affected' },
      { option_digit: '2', option_text: 'Not affected' },
    ]);
    expect(outage.recipients.is_exclude_recipients).toBe(true);
  });
});

describe('attachments', () => {
  it('keep the name and size their upload recorded, and refuse files not uploaded here', async () => {
    const upload = await request(app.url).post('/api/upload/email_attachment').set(auth(admin)).attach('file', Buffer.from('%PDF-1.4 plan'), 'plan.pdf').expect(201);
    const key = (upload.body as { key?: string; attachment_key?: string }).key ?? (upload.body as { attachment_key: string }).attachment_key;
    const attachment = { attachment_name: 'renamed.exe', id: key, customer_group: tenant.rootId, attachment_key: key, attachment_source: 'local_device', attachment_size: 1 };
    const kept = await post(admin, { ...evacuation('With a plan'), attachments: { email: [attachment] } }).expect(201);
    expect(kept.body.attachments.email[0]).toMatchObject({ attachment_name: 'plan.pdf', attachment_size: 13, attachment_key: key });
    const theirEmail = await field(otherAdmin, { label: 'Email', field_type: 'EMAIL', customer_group: other.rootId });
    const theirs = await post(otherAdmin, {
      scenario_name: 'Stolen plan',
      recipients: { include: [{ recipient_type: 'everyone', recipient_value: [] }] },
      devices: [{ ...emailDevice(), id: `${theirEmail.id}:EMAIL`, field_id: theirEmail.id }],
      email_subject_line: 'Plan',
      message: { sms: '', email: 'See the plan', voice: '' },
      attachments: { email: [attachment] },
    }).expect(400);
    expect(theirs.body.message_forms).toContain('The attachment "renamed.exe" was not uploaded here.');
    const library = await post(admin, { ...evacuation('From the library'), attachments: { email: [{ ...attachment, attachment_source: 'media_library' }] } }).expect(400);
    expect(library.body.message_forms[0]).toMatch(/media library/);
  });
});

describe('holiday and weekend checks', () => {
  it('keep a known country and subdivision, and name an unknown one under trigger', async () => {
    const kept = await post(admin, {
      ...evacuation('Bank holiday aware'),
      holiday: { check_holiday: true, reschedule_holiday: true, check_weekend: true, reschedule_weekend: false, country: 'GB', subdivision: 'SCT', holiday_list: [] },
    }).expect(201);
    expect(kept.body.holiday).toMatchObject({ check_holiday: true, country: 'GB', subdivision: 'SCT' });
    const unknown = await post(admin, { ...evacuation('Nowhere'), holiday: { check_holiday: true, country: 'ZZ' } }).expect(400);
    expect(unknown.body.trigger[0]).toMatch(/ZZ/);
    const missing = await post(admin, { ...evacuation('No country'), holiday: { check_holiday: true } }).expect(400);
    expect(Object.keys(missing.body)).toEqual(['detail', 'trigger']);
  });
});
