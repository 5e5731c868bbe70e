import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { LIVE_UPDATE_EVENT, type LiveUpdate } from '@beacon/contracts';
import type {
  ContactFieldDto,
  RunResultDto,
  SessionAggregateDto,
  SessionRecipientDispatchesDto,
  SessionRecipientDto,
  SessionRecipientIdsDto,
  SessionRecipientPageDto,
  SessionReportDetailsDto,
  SessionStartedDto,
} from '@beacon/contracts';
import { simulatedFate } from '@beacon/dispatch-worker';
import { deliveryReportsStream, ROOT_PERMISSIONS, VIEW_ADDRESS_STRING_PERMISSION, VIEW_ALL_INFO_PERMISSION } from '@beacon/domain';
import type { EventStore } from '@beacon/event-store';
import { EVENT_STORE, READ_STORE } from '@beacon/platform';
import { createReadStore, type ReadStore } from '@beacon/read-store';
import { ProjectionHost, QUERY_PROJECTIONS, rebuildReadModels } from '@beacon/query-api';
import { because, pdfText } from '@beacon/testing';
import ExcelJS from 'exceljs';
import { createContact, createContactField } from './testing/contacts';
import { binary } from './testing/binary-body';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { connected, connectLive } from './testing/live-socket';
import { device, EVERYONE } from './testing/send-message';
import { createTenantWithRoles, TENANT_PASSWORD, type TenantWithRoles } from './testing/tenant-with-roles';
import { until } from './testing/until';

/**
 * Session reports over a real send through the simulator (failing and replying to a share of the
 * deliveries, chosen by their ids, reporting after a latency): the statistics add up, every person's
 * line says what the simulator did to their deliveries, duplicate and late reports change nothing, the
 * report rebuilt by replay is the same, and the address strings reach only those allowed them.
 */
const RATES = { failureRate: 0.3, replyRate: 0.5 };
const PEOPLE = 24;
const POLL = { timeoutMs: 30_000, intervalMs: 100 };

let app: TestApp;
let tenant: TenantWithRoles;
let other: TenantWithRoles;
let admin: string;
let otherAdmin: string;
let mobile: ContactFieldDto;
let email: ContactFieldDto;
let excludedId: string;
const people = new Map<string, { name: string; phone: string; email: string | null }>();
let session: SessionStartedDto;

const get = (key: string, path: string) => request(app.url).get(path).set(auth(key));
const details = async (key = admin) => (await get(key, `/api/session/${session.session_id}/report-details/`).expect(200)).body as SessionReportDetailsDto;
const page = async (query: Record<string, string | number> = {}, key = admin) =>
  (await get(key, `/api/session/${session.session_id}/recipients/`).query(query).expect(200)).body as SessionRecipientPageDto;

/** Every line of the session, through the list's paging. */
async function everyLine(key = admin): Promise<SessionRecipientDto[]> {
  const lines: SessionRecipientDto[] = [];
  for (let n = 1; ; n++) {
    const answer = await page({ page: n, page_size: 100 }, key);
    lines.push(...answer.results);
    if (answer.next === null) return lines;
  }
}

/** What the simulator did to a person's deliveries, told from its own rule: their state and reply as a report must show them. */
function foretold(recipientId: string) {
  const person = people.get(recipientId)!;
  const deliveries = [`${mobile.id}:SMS`, ...(person.email ? [`${email.id}:EMAIL`] : [])].map((deviceId) =>
    simulatedFate(`${session.session_id}.${recipientId}.${deviceId}.1`, RATES),
  );
  const state = deliveries.some((fate) => fate !== 'failed') ? 'Successful Delivery' : 'Delivery Failure';
  const reply = deliveries.includes('replied') ? '1' : deliveries.every((fate) => fate === 'failed') ? 'Delivery Failure' : 'No Response';
  return { state, reply };
}

beforeAll(async () => {
  app = await startTestApp({ SIMULATOR_FAILURE_RATE: String(RATES.failureRate), SIMULATOR_REPLY_RATE: String(RATES.replyRate), SIMULATOR_LATENCY_MS: '20' });
  tenant = await createTenantWithRoles(app, ROOT_PERMISSIONS);
  other = await createTenantWithRoles(app, ROOT_PERMISSIONS);
  admin = await login(app, tenant.emails.ADMIN, TENANT_PASSWORD);
  otherAdmin = await login(app, other.emails.ADMIN, TENANT_PASSWORD);
  mobile = await createContactField(app, admin, { label: 'Mobile', field_type: 'PHONE(SMS&VOICE)', customer_group: tenant.rootId });
  email = await createContactField(app, admin, { label: 'Email', field_type: 'EMAIL', customer_group: tenant.rootId });
  for (let n = 0; n < PEOPLE; n++) {
    const phone = `+447911125${String(100 + n)}`;
    const address = n % 2 === 0 ? `r${n}@report.test` : null;
    const name = `Person${n} Reported`;
    const id = await createContact(app, admin, {
      email: `report-${n}-${randomUUID().slice(0, 8)}@report.test`,
      first_name: `Person${n}`,
      last_name: 'Reported',
      customer_group: tenant.rootId,
      custom_fields: [{ field: mobile.id, values: [phone] }, ...(address ? [{ field: email.id, values: [address] }] : [])],
    });
    if (n === PEOPLE - 1) excludedId = id;
    else people.set(id, { name, phone, email: address });
  }
  session = (
    await request(app.url)
      .post('/api/scenario/send_without_saving/')
      .set(auth(admin))
      .send({
        scenario_name: 'Report drill',
        is_real: true,
        recipients: { ...EVERYONE, exclude: [{ recipient_type: 'user', recipient_value: [excludedId] }], is_exclude_recipients: true },
        devices: [device(mobile, 'SMS', 1), device(email, 'EMAIL', 2, { label: 'Email' })],
        email_subject_line: 'Drill',
        message: { sms: 'Drill: reply 1.', email: 'Drill: reply 1.', voice: '' },
      })
      .expect(202)
  ).body as SessionStartedDto;
  await until('the session to complete and its report to settle', async () => {
    const result = (await get(admin, `/api/scenario/run_result/${session.task_id}/`).expect(200)).body as RunResultDto;
    if (result.status !== 'complete') return undefined;
    const stats = (await details()).statistics;
    return stats.pending_recipients === 0 && stats.total_recipients === (result.recipients ?? -1) + 1 ? result : undefined;
  }, POLL);
}, 120_000);

afterAll(() => app.close());

describe('the statistics', () => {
  it('add up (total = delivered + failures + pending + excluded), with the excluded person counted and not listed', async () => {
    const { statistics, states, channels, session_type, detail } = await details();
    expect(statistics.excluded_users).toBe(1);
    expect(statistics.total_recipients).toBe(statistics.delivered_recipients + statistics.delivery_failures + statistics.pending_recipients + statistics.excluded_users);
    expect(Object.values(states).reduce((sum, n) => sum + n, 0)).toBe(statistics.total_recipients - 1);
    expect(channels).toEqual(['SMS', 'EMAIL']);
    expect(session_type).toBe('broadcast');
    expect(detail).toEqual({ allowed: true, filters: ['state', 'reply', 'reply_time', 'name', 'email', 'phone'] });
    const lines = await everyLine();
    expect(lines.map((line) => line.id)).not.toContain(excludedId);
    expect(lines).toHaveLength(statistics.total_recipients - 1);
  });
});

describe("each person's line", () => {
  it('says what the simulator did to their deliveries: state, reply, each device, and why a device failed', async () => {
    const lines = await everyLine();
    const ours = lines.filter((line) => people.has(line.id));
    expect(ours).toHaveLength(people.size);
    for (const line of ours) {
      const person = people.get(line.id)!;
      because(`${line.name}: ${JSON.stringify(line)}`, () => {
        expect({ state: line.state, reply: line.reply }).toEqual(foretold(line.id));
        expect(line.name).toBe(person.name);
        expect(line.phone_number).toBe(person.phone);
        expect(line.email).toBe(person.email);
        expect(line.address_string).toBe([person.phone, person.email].filter(Boolean).join(', '));
        for (const device of line.devices) {
          if (device.status === 'failed') expect([device.failure, device.reason]).toEqual(['not_in_service', 'Number not in service. Simulated failure: the number is not in service.']);
          else expect(device.seconds_to_delivery).toEqual(expect.any(Number));
        }
        if (line.reply === '1') expect(line.reply_time).toEqual(expect.any(String));
      });
    }
    // The organisation's own users hold no address for these devices: listed as failures, with the reason.
    for (const line of lines.filter((candidate) => !people.has(candidate.id))) {
      expect([line.state, line.reply, line.devices, line.note]).toEqual(['Delivery Failure', 'Delivery Failure', [], expect.stringMatching(/^No device/)]);
    }
  });

  it("lists every attempt of a person's devices with the provider's answer", async () => {
    const [id] = [...people.keys()];
    const answer = (await get(admin, `/api/session/${session.session_id}/recipient/${id}/dispatches/`).expect(200)).body as SessionRecipientDispatchesDto;
    expect(answer.recipient.id).toBe(id);
    expect(answer.dispatches.map((dispatch) => dispatch.channel).sort()).toEqual(people.get(id!)!.email ? ['EMAIL', 'SMS'] : ['SMS']);
    for (const dispatch of answer.dispatches) expect(dispatch).toMatchObject({ provider: 'simulator', attempt: 1, replaced: false, address: expect.any(String) });
    await get(admin, `/api/session/${session.session_id}/recipient/nobody/dispatches/`).expect(404);
  });
});

describe('filters, paging and counts', () => {
  it('pages 10 at a time by default, filters by state, reply, name, email and phone, and says so when nothing matches', async () => {
    const first = await page();
    expect(first.results).toHaveLength(10);
    expect(first.previous).toBeNull();
    const lines = await everyLine();
    const failed = await page({ state: 'Delivery Failure', page_size: 100 });
    expect(failed.results.map((line) => line.id).sort()).toEqual(lines.filter((line) => line.state === 'Delivery Failure').map((line) => line.id).sort());
    const replied = await page({ reply: 'Responded', page_size: 100 });
    expect(replied.count).toBe(lines.filter((line) => line.reply === '1').length);
    expect((await page({ reply: '1', page_size: 100 })).count).toBe(replied.count);
    expect((await page({ reply: 'No Response', page_size: 100 })).count).toBe(lines.filter((line) => line.reply === 'No Response').length);
    expect((await page({ name: 'person1' , page_size: 100 })).results.map((line) => line.name).sort()).toEqual(
      lines.filter((line) => line.name?.startsWith('Person1')).map((line) => line.name).sort(),
    );
    expect((await page({ email: 'R4@REPORT' })).results.map((line) => line.email)).toEqual(['r4@report.test']);
    expect((await page({ phone: '+44 7911 125 105' })).results.map((line) => line.phone_number)).toEqual(['+447911125105']);
    expect(await page({ name: 'nobody by this name' })).toEqual({ count: 0, next: null, previous: null, results: [], message: 'The filter criteria does not match any results.' });
    // A name with pattern characters is searched for as it is.
    expect((await page({ name: '.*' })).count).toBe(0);
  });

  it('filters by reply time, and counts by state, reply and reply time agree with the lines', async () => {
    const lines = await everyLine();
    const byState = (await get(admin, `/api/session/${session.session_id}/recipients/aggregate/state/`).expect(200)).body as SessionAggregateDto;
    for (const bucket of byState.buckets) expect(bucket.count).toBe(lines.filter((line) => line.state === bucket.key).length);
    const byReply = (await get(admin, `/api/session/${session.session_id}/recipients/aggregate/reply/`).expect(200)).body as SessionAggregateDto;
    expect(byReply.buckets).toEqual(
      expect.arrayContaining([
        { key: 'No Response', count: lines.filter((line) => line.reply === 'No Response').length },
        { key: 'Delivery Failure', count: lines.filter((line) => line.reply === 'Delivery Failure').length },
        { key: 'Excluded Users', count: 1 },
        { key: 'Responded', count: lines.filter((line) => line.reply === '1').length },
      ]),
    );
    const byTime = (await get(admin, `/api/session/${session.session_id}/recipients/aggregate/reply_time/`).expect(200)).body as SessionAggregateDto;
    expect(byTime.total).toBe(lines.filter((line) => line.reply === '1').length);
    const [bucket] = byTime.buckets;
    const inBucket = await page({ reply_time_from: bucket!.from!, reply_time_to: bucket!.to!, page_size: 100 });
    expect(inBucket.count).toBe(bucket!.count);
    await get(admin, `/api/session/${session.session_id}/recipients/aggregate/colour/`).expect(400);
    const ids = (await get(admin, `/api/session/${session.session_id}/recipients/ids/`).query({ state: 'Delivery Failure' }).expect(200)).body as SessionRecipientIdsDto;
    expect(ids.ids.sort()).toEqual(lines.filter((line) => line.state === 'Delivery Failure').map((line) => line.id).sort());
  });

  it('refuses bad filters with 400 and the reason, and another organisation sees no such session', async () => {
    const bad = await get(admin, `/api/session/${session.session_id}/recipients/`).query({ page_size: '1000' }).expect(400);
    expect(JSON.stringify(bad.body)).toContain('A page size is a whole number from 1 to 100.');
    await get(admin, `/api/session/${session.session_id}/recipients/`).query({ state: 'Lost' }).expect(400);
    await get(admin, `/api/session/${session.session_id}/recipients/`).query({ reply_time_from: 'yesterday' }).expect(400);
    await get(admin, `/api/session/${session.session_id}/recipients/`).query({ name: 'x'.repeat(101) }).expect(400);
    await get(otherAdmin, `/api/session/${session.session_id}/report-details/`).expect(404);
    await get(otherAdmin, `/api/session/${session.session_id}/recipients/`).expect(404);
  });
});

describe('who sees what (spec §6)', () => {
  /** An organisation whose root group holds only these permissions, with a session sent by its admin. */
  async function tenantWith(permissions: readonly string[]) {
    const others = ROOT_PERMISSIONS.filter((permission) => permission !== VIEW_ADDRESS_STRING_PERMISSION && permission !== VIEW_ALL_INFO_PERMISSION);
    const made = await createTenantWithRoles(app, [...others, ...permissions]);
    const key = await login(app, made.emails.ADMIN, TENANT_PASSWORD);
    const field = await createContactField(app, key, { label: 'Mobile', field_type: 'PHONE(SMS&VOICE)', customer_group: made.rootId });
    await createContact(app, key, { email: `seen-${randomUUID().slice(0, 8)}@report.test`, first_name: 'Seen', last_name: 'Person', customer_group: made.rootId, custom_fields: [{ field: field.id, values: ['+447911126000'] }] });
    const sent = (await request(app.url).post('/api/scenario/send_without_saving/').set(auth(key)).send({ scenario_name: 'Seen', is_real: true, recipients: EVERYONE, devices: [device(field, 'SMS', 1)], message: { sms: 'Hello', email: '', voice: '' } }).expect(202)).body as SessionStartedDto;
    const operator = await login(app, made.emails.OPERATOR, TENANT_PASSWORD);
    const sender = await login(app, made.emails.SENDER, TENANT_PASSWORD);
    await until('the line to be written', async () => ((await get(key, `/api/session/${sent.session_id}/recipients/`).expect(200)).body as SessionRecipientPageDto).count > 0 || undefined, POLL);
    return { sessionId: sent.session_id, operator, sender };
  }

  it('an operator without a detailed-report permission, and a sender, get the statistics and counts but never a person or an address', async () => {
    const { sessionId, operator, sender } = await tenantWith([]);
    for (const key of [operator, sender]) {
      const answer = (await get(key, `/api/session/${sessionId}/report-details/`).expect(200)).body as SessionReportDetailsDto;
      expect(answer.detail).toEqual({ allowed: false, filters: [] });
      await get(key, `/api/session/${sessionId}/recipients/aggregate/state/`).expect(200);
      for (const path of ['recipients/', 'recipients/ids/', 'recipient/x/dispatches/']) await get(key, `/api/session/${sessionId}/${path}`).expect(403);
      await get(key, `/api/session/conference_recording/${sessionId}/`).expect(403);
      const everything = JSON.stringify([answer, (await get(key, `/api/session/${sessionId}/recipients/aggregate/reply/`)).body]);
      expect(everything).not.toContain('+447911126000');
    }
  });

  it('never sends an address over the socket to an operator without a detailed-report permission, nor to a sender, while the report fills in', async () => {
    const others = ROOT_PERMISSIONS.filter((permission) => permission !== VIEW_ADDRESS_STRING_PERMISSION && permission !== VIEW_ALL_INFO_PERMISSION);
    const made = await createTenantWithRoles(app, others);
    const key = await login(app, made.emails.ADMIN, TENANT_PASSWORD);
    const field = await createContactField(app, key, { label: 'Mobile', field_type: 'PHONE(SMS&VOICE)', customer_group: made.rootId });
    const mail = await createContactField(app, key, { label: 'Email', field_type: 'EMAIL', customer_group: made.rootId });
    await createContact(app, key, {
      email: `watched-${randomUUID().slice(0, 8)}@report.test`,
      first_name: 'Watched',
      last_name: 'Person',
      customer_group: made.rootId,
      custom_fields: [{ field: field.id, values: ['+447911127000'] }, { field: mail.id, values: ['watched@report.test'] }],
    });
    const sockets = await Promise.all(['OPERATOR', 'SENDER'].map(async (role) => connectLive(app, { token: await login(app, made.emails[role as 'OPERATOR' | 'SENDER'], TENANT_PASSWORD) })));
    const updates: LiveUpdate[] = [];
    try {
      await Promise.all(sockets.map(connected));
      for (const socket of sockets) socket.on(LIVE_UPDATE_EVENT, (update: LiveUpdate) => updates.push(update));
      const sent = (
        await request(app.url)
          .post('/api/scenario/send_without_saving/')
          .set(auth(key))
          .send({ scenario_name: 'Watched', is_real: true, recipients: EVERYONE, devices: [device(field, 'SMS', 1), device(mail, 'EMAIL', 2)], email_subject_line: 'Hi', message: { sms: 'Hello', email: 'Hello', voice: '' } })
          .expect(202)
      ).body as SessionStartedDto;
      // Both watch the report fill in: its updates reach them, naming the session and nothing more.
      await until('the report updates to reach both', async () => (sockets.length === 2 && updates.filter((update) => update.resource === 'message_session_reports' && update.id === sent.session_id).length >= 2) || undefined, POLL);
      await until('the session to complete', async () => ((await get(key, `/api/scenario/run_result/${sent.task_id}/`).expect(200)).body as RunResultDto).status === 'complete' || undefined, POLL);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const everything = JSON.stringify(updates);
      expect(everything).not.toContain('+447911127000');
      expect(everything).not.toContain('watched@report.test');
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  it("an operator allowed address strings sees them, and may not search people by name, email or phone; with 'view all info' they may", async () => {
    const addresses = await tenantWith([VIEW_ADDRESS_STRING_PERMISSION]);
    const seen = (await get(addresses.operator, `/api/session/${addresses.sessionId}/recipients/`).expect(200)).body as SessionRecipientPageDto;
    expect(seen.results.map((line) => line.address_string)).toContain('+447911126000');
    expect(((await get(addresses.operator, `/api/session/${addresses.sessionId}/report-details/`).expect(200)).body as SessionReportDetailsDto).detail).toEqual({
      allowed: true,
      filters: ['state', 'reply', 'reply_time'],
    });
    await get(addresses.operator, `/api/session/${addresses.sessionId}/recipients/`).query({ name: 'Seen' }).expect(403);
    const all = await tenantWith([VIEW_ALL_INFO_PERMISSION]);
    expect(((await get(all.operator, `/api/session/${all.sessionId}/recipients/`).query({ name: 'seen' }).expect(200)).body as SessionRecipientPageDto).count).toBe(1);
  });
});

describe('a report people can trust', () => {
  it('is unmoved by duplicate and late reports: a late "sent" never undoes "delivered", a repeated reply counts once', async () => {
    const before = { details: await details(), lines: await everyLine() };
    const delivered = before.lines.find((line) => line.devices.some((device) => device.status === 'replied'))!;
    const replied = delivered.devices.find((device) => device.status === 'replied')!;
    const deliveryId = `${session.session_id}.${delivered.id}.${replied.device_id}.1`;
    const at = new Date().toISOString();
    const reports = [
      { deliveryId, providerMessageId: `sim-${deliveryId}`, status: 'sent', at },
      { deliveryId, providerMessageId: `sim-${deliveryId}`, status: 'delivered', at },
      { deliveryId, providerMessageId: `sim-${deliveryId}`, status: 'replied', reply: '1', at },
    ];
    await app.app.get<EventStore>(EVENT_STORE).appendToStream(deliveryReportsStream(session.session_id), [
      { id: randomUUID(), type: 'DeliveriesReported', data: { sessionId: session.session_id, reports }, metadata: { tenantId: tenant.rootId, correlationId: session.session_id } },
    ]);
    // The report has taken the reports in (it trails the other read models): and nothing moved.
    const head = await app.app.get<EventStore>(EVENT_STORE).headPosition();
    expect(await app.app.get(ProjectionHost).background.waitFor(head, 10_000)).toBe(true);
    expect(await details()).toEqual(before.details);
    expect(await everyLine()).toEqual(before.lines);
  });

  it('is the same when rebuilt from the history by replay', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'report-rebuild-'));
    const rebuilt: ReadStore = await createReadStore({ sqlitePath: join(directory, 'read.sqlite') });
    try {
      await rebuildReadModels(['session-report'], { eventStore: app.app.get<EventStore>(EVENT_STORE), readStore: rebuilt, projections: QUERY_PROJECTIONS });
      const live = app.app.get<ReadStore>(READ_STORE).scope(tenant.rootId);
      const replayed = rebuilt.scope(tenant.rootId);
      const strip = <T extends object>(documents: T[]) => documents.map(({ _position, ...rest }: T & { _position?: unknown }) => rest);
      for (const collection of ['message_session_recipients', 'message_session_reports']) {
        const filter = collection === 'message_session_reports' ? { _id: session.session_id } : { session_id: session.session_id };
        expect(strip(await replayed.collection(collection).find(filter, { sort: { _id: 1 } }))).toEqual(strip(await live.collection(collection).find(filter, { sort: { _id: 1 } })));
      }
    } finally {
      await rebuilt.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe('exports', () => {
  const download = (key: string, method: 'get' | 'post', path: string, query: Record<string, string> = {}) =>
    request(app.url)[method](path).query(query).set(auth(key)).buffer(true).parse(binary);
  const workbook = async (bytes: Buffer) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    return book;
  };
  const cells = (sheet: ExcelJS.Worksheet) => sheet.getSheetValues().slice(1).map((row) => (Array.isArray(row) ? row.slice(1).map((cell) => (cell === undefined || cell === null ? '' : String(cell))) : []));

  it('gives the summary as a workbook and a PDF, with the statistics and no address', async () => {
    const { statistics } = await details();
    const xlsx = await download(admin, 'get', `/api/generate_xlsx/${session.session_id}/`).expect(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toMatch(/^attachment; filename="Report-drill-report-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const summary = cells((await workbook(xlsx.body as Buffer)).getWorksheet('Summary')!);
    expect(summary).toEqual(expect.arrayContaining([expect.arrayContaining(['Report drill']), expect.arrayContaining([String(statistics.total_recipients)])]));
    const pdf = await download(admin, 'get', `/api/generate_reports/${session.session_id}/`).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(pdf.body as Buffer);
    expect(text).toContain('Report drill');
    expect(text).toContain(String(statistics.delivery_failures));
    for (const person of people.values()) expect(text).not.toContain(person.phone);
  });

  it("gives the people the filters match as a workbook and a PDF, to those allowed the detailed report", async () => {
    const failed = await page({ state: 'Delivery Failure', page_size: 100 });
    const xlsx = await download(admin, 'post', `/api/session/${session.session_id}/xlsx/detailed/`, { state: 'Delivery Failure' }).expect(200);
    const [sheet] = (await workbook(xlsx.body as Buffer)).worksheets;
    const rows = cells(sheet!);
    expect(rows[0]).toEqual(expect.arrayContaining(['Name', 'Address string', 'State', 'Reply']));
    expect(rows.slice(1).filter((row) => row.some((cell) => cell !== ''))).toHaveLength(failed.count);
    const named = failed.results.find((line) => people.has(line.id));
    if (named) expect(rows.flat()).toContain(named.name);
    const pdf = await download(admin, 'post', `/api/session/${session.session_id}/pdf/detailed/`, { reply: 'Responded' }).expect(200);
    const { text } = await pdfText(pdf.body as Buffer);
    const responded = await page({ reply: 'Responded', page_size: 100 });
    for (const line of responded.results) expect(text).toContain(line.name!);
    await download(admin, 'post', `/api/session/${session.session_id}/xlsx/detailed/`, { state: 'Lost' }).expect(400);
    await download(otherAdmin, 'get', `/api/generate_xlsx/${session.session_id}/`).expect(404);
  });
});
