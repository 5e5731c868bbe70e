import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { ContactFieldDto, CustomerGroupDto, EmailInvokeQrDto, ScenarioDto } from '@beacon/contracts';
import {
  EMAIL_INVOKE_OFF,
  invalidPhoneNumber,
  PHONE_INVOKE_NOT_ENABLED,
  PHONE_INVOKE_NUMBER_NOT_VOICE,
  PHONE_INVOKE_NUMBER_UNKNOWN,
  REQUIRED,
  ROOT_PERMISSIONS,
} from '@beacon/domain';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createTenantWithRoles, TENANT_PASSWORD, type TenantWithRoles } from './testing/tenant-with-roles';

/**
 * Invoking a message (spec part 2 §7 "Invoke"), over HTTP: the QR code of a message's email invoke
 * address, read back with a QR decoder, and the check of a number that would invoke messages by phone.
 */
const INVOKE_DOMAIN = 'invoke.example.org';
const INVOKE_SECRET = 'an-invoke-secret-of-at-least-32-characters';
const QR = '/api/email_invoke/generate_invoke_qr/';
const numberCheck = (groupId: string) => `/api/customer_group/${groupId}/validate_phone_invoke_number`;

let app: TestApp;
let tenant: TenantWithRoles;
let other: TenantWithRoles;
let noPhoneInvoke: TenantWithRoles;
const tokens: Record<string, string> = {};
let invoked: ScenarioDto & { position: string };
let notInvoked: ScenarioDto & { position: string };

/** The token the server must derive: the HMAC of the organisation's and the message's ids, its first 16 bytes in hex. */
const expectedToken = (key: string | Buffer, rootId: string, scenarioId: string) =>
  createHmac('sha256', key).update(`${rootId}/${scenarioId}`).digest().subarray(0, 16).toString('hex');

/** The text of the QR code in a PNG data URL, read as a phone's camera would. */
function decodeQr(dataUrl: string): string {
  const prefix = 'data:image/png;base64,';
  expect(dataUrl.startsWith(prefix)).toBe(true);
  const png = PNG.sync.read(Buffer.from(dataUrl.slice(prefix.length), 'base64'));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!code) throw new Error('no QR code found in the image');
  return code.data;
}

const positioned = (response: request.Response) => ({ ...(response.body as ScenarioDto), position: String(response.headers['x-event-position']) });

/** A kept message of the tenant sending by email, with email invocation on or off. */
async function message(app: TestApp, admin: string, groupId: string, name: string, isEmailInvoke: boolean) {
  const email = (await request(app.url).post('/api/field/').set(auth(admin)).send({ label: `Email ${name}`, field_type: 'EMAIL', customer_group: groupId }).expect(201))
    .body as ContactFieldDto;
  const created = await request(app.url)
    .post('/api/scenario/')
    .set(auth(admin))
    .send({
      scenario_name: name,
      is_real: true,
      is_email_invoke: isEmailInvoke,
      recipients: { include: [{ recipient_type: 'everyone', recipient_value: [] }], exclude: [], is_single_criteria: true },
      devices: [{ dispatch_type: 'EMAIL', id: `${email.id}:EMAIL`, field_id: email.id, label: 'Email', field_label: 'Email', heading: '', position: 1 }],
      email_subject_line: name,
      message: { sms: '', email: 'Leave the building by the nearest exit now.', voice: '' },
    })
    .expect(201);
  return positioned(created);
}

const qr = (key: string, scenario: unknown, position = '0') => request(app.url).post(QR).set(auth(key)).set('X-Read-Position', position).send({ scenario });

beforeAll(async () => {
  app = await startTestApp({ INVOKE_EMAIL_DOMAIN: INVOKE_DOMAIN, INVOKE_EMAIL_SECRET: INVOKE_SECRET });
  tenant = await createTenantWithRoles(app, ROOT_PERMISSIONS);
  other = await createTenantWithRoles(app, ROOT_PERMISSIONS);
  noPhoneInvoke = await createTenantWithRoles(app, ROOT_PERMISSIONS.filter((permission) => permission !== 'Phone invoke'));
  for (const role of ['ADMIN', 'OPERATOR', 'SENDER', 'CONTACT', 'DATA'] as const) tokens[role] = await login(app, tenant.emails[role], TENANT_PASSWORD);
  tokens.OTHER_ADMIN = await login(app, other.emails.ADMIN, TENANT_PASSWORD);
  tokens.NO_PHONE_INVOKE_ADMIN = await login(app, noPhoneInvoke.emails.ADMIN, TENANT_PASSWORD);
  invoked = await message(app, tokens.ADMIN!, tenant.rootId, 'Site evacuation', true);
  notInvoked = await message(app, tokens.ADMIN!, tenant.rootId, 'Fire drill', false);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('POST /api/email_invoke/generate_invoke_qr/', () => {
  it("answers the message's invoke address and a PNG QR code that reads back as its mailto link", async () => {
    const response = await qr(tokens.ADMIN!, invoked.id, invoked.position).expect(200);
    const answer = response.body as EmailInvokeQrDto;
    const address = `invoke+${expectedToken(INVOKE_SECRET, tenant.rootId, invoked.id)}@${INVOKE_DOMAIN}`;
    expect(answer).toEqual({
      scenario: invoked.id,
      email_address: address,
      subject: 'Site evacuation',
      mailto: `mailto:${address}?subject=Site%20evacuation`,
      qr_code: expect.any(String),
    });
    expect(decodeQr(answer.qr_code)).toBe(answer.mailto);
  });

  it('answers the same address on every call and to every role that edits messages, and another for another message', async () => {
    const first = (await qr(tokens.ADMIN!, invoked.id, invoked.position).expect(200)).body as EmailInvokeQrDto;
    for (const role of ['OPERATOR', 'SENDER']) expect((await qr(tokens[role]!, invoked.id).expect(200)).body).toEqual(first);
    const second = await message(app, tokens.ADMIN!, tenant.rootId, 'Flood warning', true);
    const another = (await qr(tokens.ADMIN!, second.id, second.position).expect(200)).body as EmailInvokeQrDto;
    expect(another.email_address).not.toBe(first.email_address);
    expect(decodeQr(another.qr_code)).toBe(`mailto:${another.email_address}?subject=Flood%20warning`);
  });

  it('refuses a message that is not invoked by email with 400 under scenario', async () => {
    const response = await qr(tokens.ADMIN!, notInvoked.id, notInvoked.position).expect(400);
    expect(response.body).toEqual({ detail: EMAIL_INVOKE_OFF, scenario: [EMAIL_INVOKE_OFF] });
  });

  it('answers 400 when no message is named', async () => {
    for (const body of [{}, { scenario: '' }, { scenario: 42 }]) {
      const response = await request(app.url).post(QR).set(auth(tokens.ADMIN!)).send(body).expect(400);
      expect(response.body.scenario).toHaveLength(1);
    }
    expect((await request(app.url).post(QR).set(auth(tokens.ADMIN!)).send({}).expect(400)).body.scenario).toEqual([REQUIRED]);
  });

  it("answers 404 for a message of another organisation, as for one that does not exist", async () => {
    const foreign = await qr(tokens.OTHER_ADMIN!, invoked.id, invoked.position).expect(404);
    const unknown = await qr(tokens.ADMIN!, '00000000-0000-4000-8000-000000000000').expect(404);
    expect(foreign.body).toEqual(unknown.body);
  });

  it('is refused to contacts and data users, and to anyone not signed in', async () => {
    for (const role of ['CONTACT', 'DATA']) await qr(tokens[role]!, invoked.id).expect(403);
    await request(app.url).post(QR).send({ scenario: invoked.id }).expect(401);
  });
});

describe('GET /api/customer_group/{id}/validate_phone_invoke_number', () => {
  const numbers = [
    { phone_number: '+442079460000', provider: 'noticeboard', is_voice: true },
    { phone_number: '+442079460001', provider: 'twillio', is_voice: false },
  ];
  let position: string;
  let child: string;

  const check = (key: string, groupId: string, phoneNumber?: string) => {
    const call = request(app.url).get(numberCheck(groupId)).set(auth(key)).set('X-Read-Position', position);
    return phoneNumber === undefined ? call : call.query({ phone_number: phoneNumber });
  };

  beforeAll(async () => {
    const settings = (key: string, groupId: string, body: object) => request(app.url).put(`/api/customer_group_settings/${groupId}/`).set(auth(key)).send(body).expect(200);
    const created = await request(app.url).post('/api/customer_group/').set(auth(tokens.ADMIN!)).send({ name: 'North', parent: tenant.rootId }).expect(201);
    child = (created.body as CustomerGroupDto).id;
    const positions = [
      await settings(tokens.ADMIN!, tenant.rootId, { noticeboard_numbers: numbers }),
      await settings(tokens.ADMIN!, child, { noticeboard_numbers: [{ phone_number: '+441612345678', provider: 'noticeboard', is_voice: true }] }),
      await settings(tokens.NO_PHONE_INVOKE_ADMIN!, noPhoneInvoke.rootId, { noticeboard_numbers: numbers }),
    ].map((response) => Number(response.headers['x-event-position']));
    position = String(Math.max(...positions));
  });

  it("answers a voice number of the group in E.164, however it was typed", async () => {
    for (const typed of ['+442079460000', '+44 20 7946 0000', '020 7946 0000'])
      expect((await check(tokens.ADMIN!, tenant.rootId, typed).expect(200)).body).toEqual({ phone_number: '+442079460000', valid: true });
    expect((await check(tokens.SENDER!, child, '0161 234 5678').expect(200)).body).toEqual({ phone_number: '+441612345678', valid: true });
  });

  it('answers each refusal with 400 and its reason under phone_number', async () => {
    const refusals: [string, string][] = [
      ['+442079460001', PHONE_INVOKE_NUMBER_NOT_VOICE],
      ['+442079460002', PHONE_INVOKE_NUMBER_UNKNOWN],
      ['+441612345678', PHONE_INVOKE_NUMBER_UNKNOWN],
      ['call me', invalidPhoneNumber('call me', '44')],
    ];
    for (const [typed, reason] of refusals) expect((await check(tokens.OPERATOR!, tenant.rootId, typed).expect(400)).body).toEqual({ detail: reason, phone_number: [reason] });
    expect((await check(tokens.ADMIN!, tenant.rootId).expect(400)).body.phone_number).toEqual([REQUIRED]);
    expect((await check(tokens.ADMIN!, tenant.rootId, '1'.repeat(51)).expect(400)).body.phone_number).toHaveLength(1);
  });

  it('refuses every number while the organisation does not have Phone invoke', async () => {
    const response = await check(tokens.NO_PHONE_INVOKE_ADMIN!, noPhoneInvoke.rootId, '+442079460000').expect(400);
    expect(response.body).toEqual({ detail: PHONE_INVOKE_NOT_ENABLED, phone_number: [PHONE_INVOKE_NOT_ENABLED] });
  });

  it("answers 404 for another organisation's group, as for one that does not exist", async () => {
    const foreign = await check(tokens.OTHER_ADMIN!, tenant.rootId, '+442079460000').expect(404);
    const unknown = await check(tokens.ADMIN!, '00000000-0000-4000-8000-000000000000', '+442079460000').expect(404);
    expect(foreign.body).toEqual(unknown.body);
  });

  it('is refused to contacts and data users', async () => {
    for (const role of ['CONTACT', 'DATA']) await check(tokens[role]!, tenant.rootId, '+442079460000').expect(403);
  });
});

describe('without INVOKE_EMAIL_SECRET or INVOKE_EMAIL_DOMAIN', () => {
  const STORAGE_SECRET = 'a-storage-signing-secret-of-32-characters-or-more';
  let plain: TestApp;

  beforeAll(async () => {
    plain = await startTestApp({ STORAGE_SIGNING_SECRET: STORAGE_SECRET });
  }, 60_000);

  afterAll(async () => {
    await plain?.close();
  });

  it("derives the key from the storage signing key and takes PUBLIC_URL's host as the domain", async () => {
    const owner = await createTenantWithRoles(plain, ROOT_PERMISSIONS);
    const admin = await login(plain, owner.emails.ADMIN, TENANT_PASSWORD);
    const scenario = await message(plain, admin, owner.rootId, 'Site evacuation', true);
    const response = await request(plain.url).post(QR).set(auth(admin)).set('X-Read-Position', scenario.position).send({ scenario: scenario.id }).expect(200);
    const key = createHmac('sha256', Buffer.from(STORAGE_SECRET, 'utf8')).update('email-invoke').digest();
    expect((response.body as EmailInvokeQrDto).email_address).toBe(`invoke+${expectedToken(key, owner.rootId, scenario.id)}@localhost`);
  });
});
