import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DEMO_GROUPS } from '@beacon/command-api';
import type { ContactFieldDto, CustomerGroupDto, CustomerGroupFieldDto, RecipientsCountAnswerDto, UserDto } from '@beacon/contracts';
import { because } from '@beacon/testing';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createSecondTenant, OTHER_TENANT_PASSWORD } from './testing/second-tenant';

/*
 * POST /api/scenario/get_recipients_count/ (spec part 2 §3 "Recipient types", §7): the people a
 * message's recipient criteria reach, on users whose devices, data and flags are set through the API.
 *
 * A team (with two groups below it) of seven people:
 *   ann  team  Mobile, Work email; Skills First aid + Driver; Shift Day; on call now
 *   ben  one   Mobile; Skills Fire warden; Shift Night
 *   cat  one   Work email, Landline; Skills First aid; Shift Day
 *   dan  two   no devices; Skills Driver; Shift Evening
 *   eve  two   Mobile; inactive
 *   fin  team  Mobile; receives no messages; on call now
 *   gil  team  Landline; Skills Forklift; on call now
 * Messages reach ann, ben, cat, dan and gil.
 */

let app: TestApp;
let admin: string;
let position = '0';
const rootId = DEMO_GROUPS[0].customerGroupId;
let fields: CustomerGroupFieldDto[];
let team: string;
let one: string;
let two: string;
const people = new Map<string, string>();
let other: { rootId: string; key: string; userId: string; optionId: string };

const PATH = '/api/scenario/get_recipients_count/';
const field = (label: string) => fields.find((entry) => entry.label === label)!;
const option = (label: string, name: string) => field(label).options.find((entry) => entry.label === name)!.id;
const id = (name: string) => people.get(name)!;
const device = (label: string, dispatch_type: 'SMS' | 'VOICE' | 'EMAIL') => ({ id: `${field(label).id}:${dispatch_type}`, field_id: field(label).id, dispatch_type });

const post = (body: object, key = admin) => request(app.url).post(PATH).set(auth(key)).set('X-Read-Position', position).send(body);

type Criterion = { recipient_type: string; recipient_value?: string[] };
const selection = (include: Criterion[], more: object = {}) => ({ is_single_criteria: include.length < 2, include, ...more });

/** The count for the team's message, 200 expected. */
async function count(include: Criterion[], more: { recipients?: object; devices?: object[]; is_phone_invoke?: boolean } = {}): Promise<RecipientsCountAnswerDto> {
  const response = await post({ customer_group: team, recipients: selection(include, more.recipients), devices: more.devices, is_phone_invoke: more.is_phone_invoke });
  because(JSON.stringify(response.body), () => expect(response.status).toBe(200));
  return response.body as RecipientsCountAnswerDto;
}

async function group(name: string, parent: string): Promise<string> {
  const response = await request(app.url).post('/api/customer_group/').set(auth(admin)).send({ name: `${name} ${randomUUID().slice(0, 6)}`, parent }).expect(201);
  return (response.body as CustomerGroupDto).id;
}

async function person(name: string, customer_group: string, values: [string, string[]][], flags: object = {}): Promise<void> {
  const response = await request(app.url)
    .post('/api/user/')
    .set(auth(admin))
    .send({
      email: `${name}-${randomUUID().slice(0, 8)}@demo.test`,
      first_name: name,
      last_name: 'Recipient',
      customer_group,
      customer_permission: 'CONTACT',
      preferred_timezone: 'Europe/London',
      custom_fields: values.map(([label, entries]) => ({ field: field(label).id, values: entries })),
      ...flags,
    });
  because(JSON.stringify(response.body), () => expect(response.status).toBe(201));
  people.set(name, (response.body as UserDto).id);
  position = response.headers['x-event-position'];
}

async function onCallNow(name: string): Promise<void> {
  const second = (offset: number) => new Date(Math.floor(Date.now() / 1000) * 1000 + offset).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const response = await request(app.url).post('/api/on_call_period/').set(auth(admin)).send({ user: id(name), start_date: second(-3_600_000), end_date: second(3 * 3_600_000) });
  because(JSON.stringify(response.body), () => expect(response.status).toBe(201));
  position = response.headers['x-event-position'];
}

beforeAll(async () => {
  app = await startTestApp();
  admin = await login(app, 'admin@demo.test');
  fields = (await request(app.url).get(`/api/customer_group/${rootId}/fields/`).set(auth(admin)).expect(200)).body as CustomerGroupFieldDto[];
  team = await group('Team', rootId);
  one = await group('One', team);
  two = await group('Two', team);
  await person('ann', team, [['Mobile', ['07911 123401']], ['Work email', ['ann@work.test']], ['Skills', [option('Skills', 'First aid'), option('Skills', 'Driver')]], ['Shift', [option('Shift', 'Day')]]]);
  await person('ben', one, [['Mobile', ['07911 123402']], ['Skills', [option('Skills', 'Fire warden')]], ['Shift', [option('Shift', 'Night')]]]);
  await person('cat', one, [['Work email', ['cat@work.test']], ['Landline', ['0113 496 0003']], ['Skills', [option('Skills', 'First aid')]], ['Shift', [option('Shift', 'Day')]]]);
  await person('dan', two, [['Skills', [option('Skills', 'Driver')]], ['Shift', [option('Shift', 'Evening')]]]);
  await person('eve', two, [['Mobile', ['07911 123405']]], { is_active: false });
  await person('fin', team, [['Mobile', ['07911 123406']]], { is_message_recipient: false });
  await person('gil', team, [['Landline', ['0113 496 0007']], ['Skills', [option('Skills', 'Forklift')]]]);
  for (const name of ['ann', 'fin', 'gil']) await onCallNow(name);

  const tenant = await createSecondTenant(app);
  const key = await login(app, tenant.adminEmail, OTHER_TENANT_PASSWORD);
  const created = await request(app.url).post('/api/field/').set(auth(key)).send({ label: 'Shift', field_type: 'SINGLESELECT', customer_group: tenant.rootId, options: ['Day'] }).expect(201);
  const user = await request(app.url)
    .post('/api/user/')
    .set(auth(key))
    .send({ email: `otto-${randomUUID().slice(0, 8)}@other.test`, first_name: 'Otto', last_name: 'Other', customer_group: tenant.rootId, customer_permission: 'CONTACT', preferred_timezone: 'Europe/Paris' })
    .expect(201);
  other = { rootId: tenant.rootId, key, userId: (user.body as UserDto).id, optionId: (created.body as ContactFieldDto).options[0]!.id };
});

afterAll(async () => {
  await app?.close();
});

describe('POST /api/scenario/get_recipients_count/', () => {
  it('counts everyone of the group and the groups below it whom messages reach, with every device the group offers', async () => {
    const answer = await count([{ recipient_type: 'everyone' }]);
    because('eve is inactive and fin receives no messages', () => expect(answer.count).toBe(5));
    expect(answer.excluded).toBe(0);
    expect(answer.devices.map(({ id: deviceId, label, field_label, count: devices }) => [deviceId, label, field_label, devices])).toEqual([
      [device('Mobile', 'SMS').id, 'SMS', 'Mobile', 2],
      [device('Mobile', 'VOICE').id, 'Voice Call', 'Mobile', 2],
      [device('Work email', 'EMAIL').id, 'Email', 'Work email', 2],
      [device('Landline', 'VOICE').id, 'Voice Call', 'Landline', 2],
    ]);
    expect(answer.channels).toEqual({ SMS: 2, VOICE: 4, EMAIL: 2 });
    because('dan has no device', () => expect(answer.without_devices).toBe(1));
    expect(answer.notes).toEqual([]);
  });

  it.each([
    ['individuals (an inactive one not counted)', () => [{ recipient_type: 'user', recipient_value: [id('ann'), id('eve'), id('ben')] }], 2],
    ['a group and those below it', () => [{ recipient_type: 'group', recipient_value: [one] }], 2],
    ['the whole team as a group', () => [{ recipient_type: 'group', recipient_value: [team] }], 5],
    ['who is on call now (one who receives no messages not counted)', () => [{ recipient_type: 'on_call', recipient_value: [] }], 2],
    ['who is on call in a group', () => [{ recipient_type: 'on_call', recipient_value: [team] }], 2],
    ['who is on call in a group where nobody is', () => [{ recipient_type: 'on_call', recipient_value: [one] }], 0],
    ['a select option', () => [{ recipient_type: 'select', recipient_value: [option('Shift', 'Day')] }], 2],
    ['any of two select options', () => [{ recipient_type: 'select', recipient_value: [option('Shift', 'Day'), option('Shift', 'Night')] }], 3],
    ['a multiselect option', () => [{ recipient_type: 'multiselect', recipient_value: [option('Skills', 'Driver')] }], 2],
    ['a criterion with no values yet', () => [{ recipient_type: 'user', recipient_value: [] }], 0],
  ] as [string, () => Criterion[], number][])('counts %s', async (_, include, expected) => {
    expect((await count(include())).count).toBe(expected);
  });

  it('combines criteria by all of them or any of them', async () => {
    const include = [
      { recipient_type: 'multiselect', recipient_value: [option('Skills', 'Driver')] },
      { recipient_type: 'select', recipient_value: [option('Shift', 'Day')] },
    ];
    const all = await count(include, { recipients: { is_multiple_criteria_all: true } });
    because('ann alone is a driver on the day shift', () => expect(all.count).toBe(1));
    const any = await count(include, { recipients: { is_multiple_criteria_all: false } });
    because('ann, dan and cat are drivers or on the day shift', () => expect(any.count).toBe(3));
    const onCallDrivers = await count([{ recipient_type: 'on_call' }, { recipient_type: 'multiselect', recipient_value: [option('Skills', 'Driver')] }], { recipients: { is_multiple_criteria_all: true } });
    expect(onCallDrivers.count).toBe(1);
  });

  it('subtracts exclusions that hold all or any, says how many they removed, and none while exclusions are off', async () => {
    const exclude = [
      { recipient_type: 'select', recipient_value: [option('Shift', 'Day')] },
      { recipient_type: 'multiselect', recipient_value: [option('Skills', 'Driver')] },
    ];
    const any = await count([{ recipient_type: 'everyone' }], { recipients: { exclude, is_exclude_recipients: true, is_exclude_recipients_all: false } });
    because('ann, cat and dan are on the day shift or drivers', () => expect([any.count, any.excluded]).toEqual([2, 3]));
    expect(any.devices.map((entry) => entry.count)).toEqual([1, 1, 0, 1]);
    expect(any.without_devices).toBe(0);
    const all = await count([{ recipient_type: 'everyone' }], { recipients: { exclude, is_exclude_recipients: true, is_exclude_recipients_all: true } });
    because('ann alone is both', () => expect([all.count, all.excluded]).toEqual([4, 1]));
    const off = await count([{ recipient_type: 'everyone' }], { recipients: { exclude, is_exclude_recipients: false } });
    expect([off.count, off.excluded]).toEqual([5, 0]);
  });

  it('counts the chosen devices per channel, and who has none of them', async () => {
    const answer = await count([{ recipient_type: 'everyone' }], { devices: [device('Mobile', 'SMS'), device('Work email', 'EMAIL'), device('Mobile', 'SMS')] });
    expect(answer.devices.map((entry) => [entry.id, entry.count])).toEqual([
      [device('Mobile', 'SMS').id, 2],
      [device('Work email', 'EMAIL').id, 2],
    ]);
    expect(answer.channels).toEqual({ SMS: 2, VOICE: 0, EMAIL: 2 });
    because('dan has no device and gil only a landline', () => expect(answer.without_devices).toBe(2));
    const none = await count([{ recipient_type: 'everyone' }], { devices: [] });
    expect([none.devices, none.channels, none.without_devices]).toEqual([[], { SMS: 0, VOICE: 0, EMAIL: 0 }, 5]);
  });

  it('counts the telephony criteria as matching nobody yet and says why', async () => {
    const answer = await count([{ recipient_type: 'telephony_id', recipient_value: ['1234'] }], { is_phone_invoke: true });
    expect(answer.count).toBe(0);
    expect(answer.notes).toEqual(['Telephony ID: users have no Telephony ID yet, so this criterion matches nobody.']);
    const refused = await post({ customer_group: team, recipients: selection([{ recipient_type: 'telephony_pin', recipient_value: ['12a'] }]) }).expect(400);
    expect(refused.body.recipients).toEqual(['Telephony ID and PIN criteria are for messages invoked by phone.', 'Telephony PIN: 1 to 20 digits.']);
  });

  it('counts for the caller\'s own group when none is named', async () => {
    const response = await post({ recipients: selection([{ recipient_type: 'user', recipient_value: [id('ann')] }]) }).expect(200);
    expect((response.body as RecipientsCountAnswerDto).count).toBe(1);
  });

  it.each([
    ["another organisation's user", () => ({ recipient_type: 'user', recipient_value: [id('ann'), other.userId] }), () => other.userId],
    ['a user of the organisation outside the message\'s group', () => ({ recipient_type: 'user', recipient_value: [id('ann')] }), () => id('ann')],
    ["another organisation's group", () => ({ recipient_type: 'group', recipient_value: [other.rootId] }), () => other.rootId],
    ["another organisation's group, on call", () => ({ recipient_type: 'on_call', recipient_value: [other.rootId] }), () => other.rootId],
    ["another organisation's option", () => ({ recipient_type: 'select', recipient_value: [other.optionId] }), () => other.optionId],
    ['a multiselect option as a select one', () => ({ recipient_type: 'select', recipient_value: [option('Skills', 'Driver')] }), () => option('Skills', 'Driver')],
  ] as [string, () => Criterion, () => string][])('answers 400 under recipients naming %s', async (name, criterion, value) => {
    const customer_group = name.includes('outside') ? one : team;
    const response = await post({ customer_group, recipients: selection([criterion()]) }).expect(400);
    because(JSON.stringify(response.body), () => expect(response.body.recipients).toHaveLength(1));
    expect(response.body.recipients[0]).toContain(`"${value()}"`);
  });

  it('answers 400 for an exclusion naming what the group does not have, and names a long list of them only in part', async () => {
    const exclusion = await post({ customer_group: team, recipients: selection([{ recipient_type: 'everyone' }], { exclude: [{ recipient_type: 'user', recipient_value: [other.userId] }], is_exclude_recipients: true }) }).expect(400);
    expect(exclusion.body.recipients[0]).toContain(other.userId);
    const many = Array.from({ length: 30 }, () => randomUUID());
    const response = await post({ customer_group: team, recipients: selection([{ recipient_type: 'user', recipient_value: many }]) }).expect(400);
    expect(response.body.recipients).toHaveLength(21);
    expect(response.body.recipients[20]).toBe('Individuals: 10 more values are not ones this customer group has.');
  });

  it('answers 400 under recipients for several criteria marked single', async () => {
    const response = await post({ customer_group: team, recipients: { is_single_criteria: true, include: [{ recipient_type: 'everyone' }, { recipient_type: 'on_call' }] } }).expect(400);
    expect(response.body.recipients).toEqual(['A single criterion was chosen: keep one, or combine several with all or any.']);
  });

  it('answers 400 under devices for a device the group does not offer', async () => {
    const unknown = `${randomUUID()}:SMS`;
    const response = await post({ customer_group: team, recipients: selection([{ recipient_type: 'everyone' }]), devices: [{ id: unknown, field_id: unknown.split(':')[0], dispatch_type: 'SMS' }] }).expect(400);
    expect(response.body.devices).toEqual([`"${unknown}" is not a device of this customer group.`]);
    const mismatched = await post({ customer_group: team, recipients: selection([{ recipient_type: 'everyone' }]), devices: [{ ...device('Mobile', 'SMS'), dispatch_type: 'EMAIL' }] }).expect(400);
    expect(mismatched.body.devices).toHaveLength(1);
  });

  it("answers 400 for on call where the organisation lacks the feature, and 404 for another organisation's group", async () => {
    const response = await post({ recipients: selection([{ recipient_type: 'on_call' }]) }, other.key).expect(400);
    expect(response.body.recipients).toEqual(['Your organisation does not have the "On Call core platform access" feature.']);
    await post({ customer_group: other.rootId, recipients: selection([{ recipient_type: 'everyone' }]) }).expect(404);
  });

  it('answers 413 for a 10 MB body and 400 naming the list for 10,001 values', async () => {
    const huge = await post({ customer_group: team, recipients: selection([{ recipient_type: 'user', recipient_value: ['x'.repeat(10 * 1024 * 1024)] }]) });
    expect(huge.status).toBe(413);
    const values = Array.from({ length: 10_001 }, (_, n) => `u${n}`);
    const response = await post({ customer_group: team, recipients: selection([{ recipient_type: 'user', recipient_value: values }]) }).expect(400);
    expect(JSON.stringify(response.body)).toContain('recipient_value');
  });

  it('is for admins, operators and senders only, and for signed-in callers', async () => {
    const body = { customer_group: team, recipients: selection([{ recipient_type: 'everyone' }]) };
    for (const role of ['operator', 'sender']) await post(body, await login(app, `${role}@demo.test`)).expect(200);
    await post(body, await login(app, 'contact@demo.test')).expect(403);
    await request(app.url).post(PATH).send(body).expect(401);
  });
});
