import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DEMO_GROUPS } from '@beacon/command-api';
import type { ActivityLogPageDto, MergeFieldsDto, AuditRecipientDto, AuditSettingsDto, CustomerGroupDto, CustomerGroupSettingsDto } from '@beacon/contracts';
import { auth, eventually, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createSecondTenant, OTHER_TENANT_PASSWORD } from './testing/second-tenant';
import { createUser } from './testing/users';

let app: TestApp;
let admin: string;
const northId = DEMO_GROUPS[1].customerGroupId;
const settingsPath = (id: string) => `/api/customer_group_settings/${id}/`;
const conferencePath = (id: string) => `/api/customer_group_conference_settings/${id}/`;

beforeAll(async () => {
  app = await startTestApp();
  admin = await login(app, 'admin@demo.test');
});

afterAll(async () => {
  await app?.close();
});

const putSettings = (key: string, id: string, body: unknown) => request(app.url).put(settingsPath(id)).set(auth(key)).send(body as object);

async function newGroup(name: string, parent = northId): Promise<string> {
  const response = await request(app.url).post('/api/customer_group/').set(auth(admin)).send({ name, parent }).expect(201);
  return (response.body as CustomerGroupDto).id;
}

async function settingsAfter(id: string, position: string): Promise<CustomerGroupSettingsDto> {
  const response = await request(app.url).get(`/api/customer_group/${id}/`).set(auth(admin)).set('X-Read-Position', position).expect(200);
  return JSON.parse((response.body as CustomerGroupDto).settings) as CustomerGroupSettingsDto;
}

describe('PUT /api/customer_group_settings/{id}/', () => {
  it('a new organisation starts from the defaults of spec §9 (30 minutes, Amy)', async () => {
    const other = await createSecondTenant(app);
    const key = await login(app, other.adminEmail, OTHER_TENANT_PASSWORD);
    const own = await request(app.url).get('/api/customer_group/self/').set(auth(key)).expect(200);
    expect(JSON.parse((own.body as CustomerGroupDto).settings)).toMatchObject({
      default_message_timeout: { value: 1800, text: '30 minutes' },
      default_tts_voice: 'Amy',
      two_way_sms: false,
      force_two_way_sms: false,
      country_code: { country: 'United Kingdom', dial_code: '+44', country_code: 'GB' },
    });
  });

  it('changes the settings sent and answers every setting as GET shows it', async () => {
    const id = await newGroup('Settings Team');

    const response = await putSettings(admin, id, {
      default_message_timeout: { value: 7200, text: '' },
      preferred_timezone: 'America/New_York',
      country_code: { country: 'United States', dial_code: '+1', country_code: 'US' },
      default_sms_sender_name: 'CityAlerts',
      locked_users: { admin: false, operator: true, data: false, sender: true },
      noticeboard_numbers: [{ phone_number: '+442079460000', provider: 'twillio', is_voice: true }],
      default_noticeboards: ['+442079460000'],
    }).expect(200);
    const answered = response.body as CustomerGroupSettingsDto;
    expect(answered).toMatchObject({
      default_message_timeout: { value: 7200, text: '2 hours' },
      preferred_timezone: 'America/New_York',
      default_sms_sender_name: 'CityAlerts',
      default_tts_voice: 'Amy',
      locked_users: { admin: false, operator: true, data: false, sender: true },
    });
    expect(await settingsAfter(id, response.headers['x-event-position'])).toEqual(answered);
    const listed = await request(app.url).get('/api/customer_group/').set(auth(admin)).set('X-Read-Position', response.headers['x-event-position']).expect(200);
    expect((listed.body as CustomerGroupDto[]).find((group) => group.id === id)?.no_noticeboard_numbers).toBe(false);
  });

  it('keeps two-way SMS and forced two-way SMS exclusive: turning one on turns the other off, both on is refused', async () => {
    const id = await newGroup('Two Way Team');
    await putSettings(admin, id, { force_two_way_sms: true }).expect(200);
    const switched = await putSettings(admin, id, { two_way_sms: true }).expect(200);
    expect(switched.body).toMatchObject({ two_way_sms: true, force_two_way_sms: false });
    const both = await putSettings(admin, id, { two_way_sms: true, force_two_way_sms: true }).expect(400);
    expect(both.body).toEqual({ detail: 'Invalid customer group settings.', force_two_way_sms: ['Two-way SMS and forced two-way SMS cannot both be on.'] });
  });

  it.each([
    ['an unknown timeout', { default_message_timeout: { value: 1000, text: '16 minutes' } }, 'default_message_timeout', 'value: "1000" is not a valid choice.'],
    ['a timeout that is not a number', { default_message_timeout: { value: '1800', text: '' } }, 'default_message_timeout', 'value: A valid integer is required.'],
    ['a bad dial code', { country_code: { country: 'France', dial_code: '0033', country_code: 'FR' } }, 'country_code', 'dial_code: Not a valid dial code (a + and 1 to 4 digits).'],
    ['a dial code of another country', { country_code: { country: 'France', dial_code: '+49', country_code: 'FR' } }, 'country_code', 'dial_code: The dial code of FR is +33.'],
    ['a time zone that is not an IANA zone', { preferred_timezone: 'Mars/Olympus' }, 'preferred_timezone', 'Not a valid IANA time zone (for example Europe/London).'],
    ['an offset instead of a zone', { preferred_timezone: '+02:00' }, 'preferred_timezone', 'Not a valid IANA time zone (for example Europe/London).'],
    ['a flag that is not a boolean', { test_message_header: 'yes' }, 'test_message_header', 'Must be a valid boolean.'],
    ['an unknown noticeboard provider', { noticeboard_numbers: [{ phone_number: '+442079460000', provider: 'acme', is_voice: true }] }, 'noticeboard_numbers', '0.provider: "acme" is not a valid choice.'],
    ['an invalid group number', { customer_group_phone_number: '999' }, 'customer_group_phone_number', 'Not a valid phone number in international format (for example +447911123456).'],
  ])('answers 400 for %s, naming the setting', async (_case, body, field, message) => {
    const response = await putSettings(admin, northId, body).expect(400);
    expect(response.body[field]).toEqual([message]);
  });

  it('records nothing for values it already holds, and describes a change in the activity log', async () => {
    const id = await newGroup('Logged Settings');
    const changed = await putSettings(admin, id, { send_notifications_to_admins_about_invalid_recipients: true, opening_text: 'Council alert:' }).expect(200);
    const same = await putSettings(admin, id, { send_notifications_to_admins_about_invalid_recipients: true }).expect(200);
    expect(Number(same.headers['x-event-position'])).toBeGreaterThanOrEqual(Number(changed.headers['x-event-position']));
    const log = await request(app.url)
      .get('/api/activity_log/')
      .query({ event_type: 'CustomerGroupSettingsChanged' })
      .set(auth(admin))
      .set('X-Read-Position', changed.headers['x-event-position'])
      .expect(200);
    const actions = (log.body as ActivityLogPageDto).data.activity_logs.map((entry) => entry.action);
    expect(actions).toContain('Changed customer group settings: send_notifications_to_admins_about_invalid_recipients, opening_text');
    expect(actions.filter((action) => action === 'Changed customer group settings: send_notifications_to_admins_about_invalid_recipients')).toEqual([]);
  });

  it("a new child group starts with its parent's settings but not its phone numbers", async () => {
    const parent = await newGroup('Parent Settings');
    await putSettings(admin, parent, {
      default_tts_voice: 'Brian',
      noticeboard_numbers: [{ phone_number: '+442079460000', provider: 'noticeboard', is_voice: true }],
    }).expect(200);
    const child = await request(app.url).post('/api/customer_group/').set(auth(admin)).send({ name: 'Child Settings', parent }).expect(201);
    const settings = JSON.parse((child.body as CustomerGroupDto).settings) as CustomerGroupSettingsDto;
    expect([settings.default_tts_voice, settings.noticeboard_numbers]).toEqual(['Brian', []]);
  });

  it("forbids roles other than admin, and answers 404 for another tenant's group", async () => {
    for (const role of ['operator', 'sender', 'contact', 'data']) await putSettings(await login(app, `${role}@demo.test`), northId, { two_way_sms: true }).expect(403);
    const other = await createSecondTenant(app);
    await putSettings(await login(app, other.adminEmail, OTHER_TENANT_PASSWORD), northId, { two_way_sms: true }).expect(404);
    await putSettings(admin, other.rootId, { two_way_sms: true }).expect(404);
    await putSettings(admin, 'no-such-group', { two_way_sms: true }).expect(404);
  });
});

describe('PUT /api/customer_group_conference_settings/{id}/', () => {
  it('sets the conference messages, which the group settings then show', async () => {
    const id = await newGroup('Conference Team');
    const response = await request(app.url)
      .put(conferencePath(id))
      .set(auth(admin))
      .send({ default_message_amd: 'Please call the duty line.', default_message_live: 'Press 1 to join the bridge.' })
      .expect(200);
    expect(response.body).toEqual({ default_message_amd: 'Please call the duty line.', default_message_live: 'Press 1 to join the bridge.' });
    expect((await settingsAfter(id, response.headers['x-event-position'])).conference).toEqual(response.body);
  });

  it('answers 400 naming a missing or over-long message, 403 for other roles and 404 for another tenant', async () => {
    const missing = await request(app.url).put(conferencePath(northId)).set(auth(admin)).send({ default_message_amd: 'x' }).expect(400);
    expect(missing.body.default_message_live).toEqual(['This field is required.']);
    const long = await request(app.url).put(conferencePath(northId)).set(auth(admin)).send({ default_message_amd: 'x'.repeat(1001), default_message_live: '' }).expect(400);
    expect(long.body.default_message_amd).toEqual(['Ensure this field has no more than 1000 characters.']);
    await request(app.url).put(conferencePath(northId)).set(auth(await login(app, 'operator@demo.test'))).send({ default_message_amd: '', default_message_live: '' }).expect(403);
    const other = await createSecondTenant(app);
    await request(app.url).put(conferencePath(other.rootId)).set(auth(admin)).send({ default_message_amd: '', default_message_live: '' }).expect(404);
  });
});

describe('audit settings and recipients', () => {
  const auditPath = (id: string) => `/api/customer_group_audit_settings/${id}/`;
  const recipientsPath = (id: string) => `/api/get_audit_recipients/${id}/`;

  it('offers the users of the group and its descendants, sorted by email; saves as §4 clears; GET answers every list', async () => {
    const id = await newGroup('Audited Team');
    const child = await newGroup('Audited Child', id);
    const [first, second] = [await createUser(app, { role: 'ADMIN', customerGroupId: id }), await createUser(app, { role: 'CONTACT', customerGroupId: child })];
    const outsider = await createUser(app, { role: 'ADMIN', customerGroupId: northId });
    const empty = await request(app.url).get(auditPath(id)).set(auth(admin)).expect(200);
    expect(empty.body).toMatchObject({ is_audit_active: false, audit_domains: [], imports_recipients: [], no_number_users_recipients: [] });
    expect(Object.keys(empty.body as object)).toHaveLength(22);

    const emails = [first.email, second.email].sort();
    const offered = await eventually(async () => {
      const options = (await request(app.url).get(recipientsPath(id)).set(auth(admin)).expect(200)).body as AuditRecipientDto[];
      expect(options.map((option) => option.label)).toEqual(emails);
      return options;
    });
    expect(offered.map((option) => option.value).sort()).toEqual([first.userId, second.userId].sort());

    const saved = await request(app.url)
      .post(auditPath(id))
      .set(auth(admin))
      .send({ is_audit_active: true, add_additional_emails_to_distribution_list: false, audit_domains: ['example.org'], audit_additional_recipients: ['a@example.org'], media_recipients: [first.userId], children_media_recipients: [second.userId] })
      .expect(200);
    expect(saved.body).toMatchObject({ is_audit_active: true, audit_domains: [], audit_additional_recipients: [], media_recipients: [first.userId], children_media_recipients: [second.userId], imports_recipients: [] });
    const read = await request(app.url).get(auditPath(id)).set(auth(admin)).set('X-Read-Position', saved.headers['x-event-position']).expect(200);
    expect(read.body).toEqual(saved.body);

    const refused = await request(app.url).post(auditPath(id)).set(auth(admin)).send({ is_audit_active: true, invalid_email_recipients: [outsider.userId] }).expect(400);
    expect(refused.body).toEqual({ detail: 'Invalid audit settings.', invalid_email_recipients: ['0: Not a user of this dataset.'] });

    const off = await request(app.url).post(auditPath(id)).set(auth(admin)).send({ is_audit_active: false, media_recipients: [first.userId] }).expect(200);
    expect((off.body as AuditSettingsDto).media_recipients).toEqual([]);
  });

  it('answers 400 for a bad domain, address or type; 403 for other roles; 404 for another tenant', async () => {
    const bad = await request(app.url)
      .post(auditPath(northId))
      .set(auth(admin))
      .send({ is_audit_active: true, add_additional_emails_to_distribution_list: true, audit_domains: ['not a domain'], audit_additional_recipients: ['nobody'] })
      .expect(400);
    expect(bad.body).toMatchObject({ audit_domains: ['0: Not a valid domain name (for example example.org).'], audit_additional_recipients: ['0: Enter a valid email address.'] });
    const typed = await request(app.url).post(auditPath(northId)).set(auth(admin)).send({ is_audit_active: 'yes' }).expect(400);
    expect(typed.body.is_audit_active).toEqual(['Must be a valid boolean.']);
    const operator = await login(app, 'operator@demo.test');
    await request(app.url).get(auditPath(northId)).set(auth(operator)).expect(403);
    await request(app.url).post(auditPath(northId)).set(auth(operator)).send({ is_audit_active: false }).expect(403);
    await request(app.url).get(recipientsPath(northId)).set(auth(operator)).expect(403);
    const other = await createSecondTenant(app);
    await request(app.url).get(auditPath(other.rootId)).set(auth(admin)).expect(404);
    await request(app.url).get(recipientsPath(other.rootId)).set(auth(admin)).expect(404);
    await request(app.url).post(auditPath(other.rootId)).set(auth(admin)).send({ is_audit_active: false }).expect(404);
  });
});

describe('merge fields', () => {
  const mergePath = (id: string) => `/api/merge_fields/${id}/`;

  async function field(label: string, customerGroup: string): Promise<{ id: string; position: string }> {
    const response = await request(app.url).post('/api/field/').set(auth(admin)).send({ label, field_type: 'TEXT', customer_group: customerGroup }).expect(201);
    return { id: (response.body as { id: string }).id, position: response.headers['x-event-position'] };
  }

  it('lists the fields that apply to the group with merge_field_enabled, and saves the flags sent', async () => {
    const id = await newGroup('Merging Team');
    const inherited = await field('Site', northId);
    const own = await field('Badge number', id);
    const before = await request(app.url).get(mergePath(id)).set(auth(admin)).set('X-Read-Position', own.position).expect(200);
    expect((before.body as MergeFieldsDto).field_data).toEqual(
      expect.arrayContaining([
        { id: inherited.id, label: 'Site', field_type: 'TEXT', merge_field_enabled: false },
        { id: own.id, label: 'Badge number', field_type: 'TEXT', merge_field_enabled: false },
      ]),
    );
    const saved = await request(app.url).post(mergePath(id)).set(auth(admin)).send({ field_data: [{ id: inherited.id, merge_field_enabled: true }] }).expect(200);
    expect(saved.body).toEqual({ field_data: [{ id: inherited.id, merge_field_enabled: true }] });
    const after = await request(app.url).get(mergePath(id)).set(auth(admin)).set('X-Read-Position', saved.headers['x-event-position']).expect(200);
    const flags = new Map((after.body as MergeFieldsDto).field_data.map((entry) => [entry.id, entry.merge_field_enabled]));
    expect([flags.get(inherited.id), flags.get(own.id)]).toEqual([true, false]);
  });

  it("answers 400 for a field that does not apply to the group (a sibling's, another tenant's, unknown), naming the entry", async () => {
    const id = await newGroup('Strict Merging');
    const sibling = await newGroup('Sibling Merging');
    const elsewhere = await field('Sibling only', sibling);
    const refused = await request(app.url)
      .post(mergePath(id))
      .set(auth(admin))
      .send({ field_data: [{ id: elsewhere.id, merge_field_enabled: true }, { id: 'no-such-field', merge_field_enabled: true }] })
      .expect(400);
    expect(refused.body).toEqual({ detail: 'Invalid merge fields.', field_data: ['0: Not a contact field of this dataset.', '1: Not a contact field of this dataset.'] });
    const typed = await request(app.url).post(mergePath(id)).set(auth(admin)).send({ field_data: [{ id: elsewhere.id, merge_field_enabled: 'yes' }] }).expect(400);
    expect(typed.body.field_data).toEqual(['0.merge_field_enabled: Must be a valid boolean.']);
  });

  it("is for admins of a tenant with the Merge fields permission; another tenant's group answers 404", async () => {
    await request(app.url).get(mergePath(northId)).set(auth(await login(app, 'operator@demo.test'))).expect(403);
    const other = await createSecondTenant(app);
    // The second organisation has no root permissions, so not "Merge fields" either.
    await request(app.url).get(mergePath(other.rootId)).set(auth(await login(app, other.adminEmail, OTHER_TENANT_PASSWORD))).expect(403);
    await request(app.url).get(mergePath(other.rootId)).set(auth(admin)).expect(404);
    await request(app.url).post(mergePath(other.rootId)).set(auth(admin)).send({ field_data: [] }).expect(404);
  });
});
