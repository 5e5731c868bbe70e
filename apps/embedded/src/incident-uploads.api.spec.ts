import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { EVENT_STORE } from '@beacon/platform';
import { INCIDENT_ROOT_PERMISSIONS } from '@beacon/domain';
import type { EventStore } from '@beacon/event-store';
import type { UploadedAttachmentDto } from '@beacon/contracts';
import { DEMO_GROUPS, DEMO_USERS } from '@beacon/command-api';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createFloodReportForm, type FloodReportForm } from './testing/flood-report-form';
import { createTenantWithRoles, TENANT_PASSWORD } from './testing/tenant-with-roles';

let app: TestApp;
let operator: string;
const rootId = DEMO_GROUPS[0].customerGroupId;
const operatorId = DEMO_USERS.find((user) => user.customerPermission === 'OPERATOR')!.userId;

const MB = 1024 * 1024;
const UPLOAD = '/api/incidents/incident/upload/';
const PUBLIC_UPLOAD = '/api/incidents/upload_attachment_from_template/';

beforeAll(async () => {
  app = await startTestApp();
  operator = await login(app, 'operator@demo.test');
});

afterAll(async () => {
  await app?.close();
});

const upload = (key: string, bytes: Buffer, filename: string, fileData: object | string = {}, contentType = 'text/plain') =>
  request(app.url)
    .post(UPLOAD)
    .set(auth(key))
    .field('file_data', typeof fileData === 'string' ? fileData : JSON.stringify(fileData))
    .attach('file', bytes, { filename, contentType });

const download = (key: string, url: string) => request(app.url).get(url).set(auth(key)).responseType('blob');

describe('incident attachment upload', () => {
  it('stores the file and answers where to download it, its key, name, time, size and type', async () => {
    const response = await upload(operator, Buffer.from('Smoke seen at dock 4.\n'), 'witness.txt', { incident: 'i-1', field: 'f-1' }).expect(201);
    const body = response.body as UploadedAttachmentDto;

    expect(body).toEqual({
      url: `/api/incidents/attachment/${body.key}/`,
      key: expect.stringMatching(/^[a-f0-9]{32}$/),
      name: 'witness.txt',
      created_at: expect.any(String),
      size: 22,
      content_type: 'text/plain',
    });
    expect(Date.now() - Date.parse(body.created_at)).toBeLessThan(60_000);
    expect(Number(response.headers['x-event-position'])).toBeGreaterThan(0);
  });

  it('gives the file back to anyone of the organisation with the incident rule, as a download of its type and name', async () => {
    const bytes = Buffer.from(Array.from({ length: 300 }, (_, i) => i % 256));
    const { body } = await upload(operator, bytes, 'Отчёт № 5.bin', {}, 'application/octet-stream').expect(201);
    const sender = await login(app, 'sender@demo.test');

    const response = await download(sender, (body as UploadedAttachmentDto).url).expect(200);

    expect(Buffer.compare(response.body as Buffer, bytes)).toBe(0);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toContain('attachment');
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Отчёт № 5.bin')}`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves an uploaded HTML file as a download, never inline', async () => {
    const { body } = await upload(operator, Buffer.from('<script>alert(1)</script>'), 'page.html', {}, 'text/html').expect(201);
    const response = await download(operator, (body as UploadedAttachmentDto).url).expect(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('keeps only the name of the file, not a path', async () => {
    const { body } = await upload(operator, Buffer.from('x'), '../../etc/passwd').expect(201);
    expect((body as UploadedAttachmentDto).name).toBe('passwd');
  });

  it('records who uploaded what, so the history knows of it', async () => {
    const { body } = await upload(operator, Buffer.from('photo'), 'roof.jpg', { incident: 'incident-7', field: 'field-3' }, 'image/jpeg').expect(201);
    const events = await app.app.get<symbol, EventStore>(EVENT_STORE).readStream(`incident_attachment-${(body as UploadedAttachmentDto).key}`);

    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'IncidentAttachmentUploaded',
      data: { key: body.key, tenantId: rootId, name: 'roof.jpg', size: 5, contentType: 'image/jpeg', incidentId: 'incident-7', fieldId: 'field-3', templateId: null },
      metadata: { tenantId: rootId, actorUserId: operatorId },
    });
  });

  it('answers 400 "No file was submitted." without a file, and for an empty file', async () => {
    const missing = await request(app.url).post(UPLOAD).set(auth(operator)).field('file_data', '{}').expect(400);
    expect(missing.body).toEqual({ detail: 'No file was submitted.', file: ['No file was submitted.'] });

    const json = await request(app.url).post(UPLOAD).set(auth(operator)).send({ file_data: '{}' }).expect(400);
    expect(json.body.detail).toBe('No file was submitted.');

    const empty = await upload(operator, Buffer.alloc(0), 'empty.txt').expect(400);
    expect(empty.body.detail).toBe('The submitted file is empty.');
  });

  it('answers 400 for file details that are not a JSON object', async () => {
    for (const fileData of ['{not json', '[1,2]', '"text"']) {
      const response = await upload(operator, Buffer.from('x'), 'x.txt', fileData).expect(400);
      expect(response.body).toEqual({ detail: 'The file details are not valid JSON.', file_data: ['Enter the file details as a JSON object.'] });
    }
    const wrongType = await upload(operator, Buffer.from('x'), 'x.txt', { incident: { id: 1 } }).expect(400);
    expect(wrongType.body).toEqual({ detail: 'Some file details are not valid.', incident: ['Must be a string.'] });
  });

  it('answers 400 for a file sent under another name', async () => {
    const response = await request(app.url).post(UPLOAD).set(auth(operator)).attach('document', Buffer.from('x'), 'x.txt').expect(400);
    expect(response.body.detail).toContain('Send one file as "file"');
  });

  it('refuses a file over 25 MB with 413 and says the limit', async () => {
    const response = await upload(operator, Buffer.alloc(25 * MB + 1, 1), 'huge.bin').expect(413);
    expect(response.body).toEqual({
      detail: 'The file is too large. Files of up to 25 MB can be attached.',
      file: ['The file is too large. Files of up to 25 MB can be attached.'],
    });
    await upload(operator, Buffer.alloc(25 * MB, 1), 'just-fits.bin').expect(201);
  });

  it('answers 401 without a token and 403 for a role without the incident rule', async () => {
    await request(app.url).post(UPLOAD).attach('file', Buffer.from('x'), 'x.txt').expect(401);
    const contact = await login(app, 'contact@demo.test');
    await upload(contact, Buffer.from('x'), 'x.txt').expect(403);
  });

  it("answers 404 for another organisation's file, for an unknown key and for a key that is not one", async () => {
    const { body } = await upload(operator, Buffer.from('secret'), 'secret.txt').expect(201);
    const other = await createTenantWithRoles(app, [...INCIDENT_ROOT_PERMISSIONS]);
    const otherOperator = await login(app, other.emails.OPERATOR, TENANT_PASSWORD);

    const response = await download(otherOperator, (body as UploadedAttachmentDto).url).expect(404);
    expect(JSON.parse((response.body as Buffer).toString())).toEqual({ detail: 'Not found.' });
    await download(operator, `/api/incidents/attachment/${'0'.repeat(32)}/`).expect(404);
    await download(operator, `/api/incidents/attachment/..%2F..%2Fevents.sqlite/`).expect(404);

    // And the other organisation's own uploads stay theirs.
    const theirs = await upload(otherOperator, Buffer.from('theirs'), 'theirs.txt').expect(201);
    await download(operator, (theirs.body as UploadedAttachmentDto).url).expect(404);
    await download(otherOperator, (theirs.body as UploadedAttachmentDto).url).expect(200);
  });
});

describe('attachment upload from a public incident template page', () => {
  let flood: FloodReportForm;

  beforeAll(async () => {
    flood = await createFloodReportForm(app, operator);
  });

  const guestUpload = (fileData: object, bytes = Buffer.from('guest photo'), filename = 'guest.jpg') =>
    request(app.url).post(PUBLIC_UPLOAD).field('file_data', JSON.stringify(fileData)).attach('file', bytes, { filename, contentType: 'image/jpeg' });

  it("lets a guest attach a file, stored in the organisation of the template the subdomain selects", async () => {
    const response = await guestUpload({ subdomain: flood.template.subdomain }).expect(201);
    const body = response.body as UploadedAttachmentDto;

    expect(body).toMatchObject({ url: `/api/incidents/attachment/${body.key}/`, name: 'guest.jpg', size: 11, content_type: 'image/jpeg' });
    const file = await download(operator, body.url).expect(200);
    expect((file.body as Buffer).toString()).toBe('guest photo');

    const events = await app.app.get<symbol, EventStore>(EVENT_STORE).readStream(`incident_attachment-${body.key}`);
    expect(events[0]).toMatchObject({ data: { tenantId: rootId, templateId: flood.template.id }, metadata: { actorUserId: null } });
  });

  it('answers 404 for a subdomain no template holds and 400 without one', async () => {
    const unknown = await guestUpload({ subdomain: 'no-such-template' }).expect(404);
    expect(unknown.body).toEqual({ detail: 'Not found.' });
    await guestUpload({ subdomain: '../../etc' }).expect(404);
    const missing = await guestUpload({}).expect(400);
    expect(missing.body).toEqual({ detail: 'The template subdomain is missing.', subdomain: ['This field is required.'] });
  });

  it('answers 400 without a file and 413 past the guest limit of 10 MB', async () => {
    const { subdomain } = flood.template;
    const missing = await request(app.url).post(PUBLIC_UPLOAD).field('file_data', JSON.stringify({ subdomain })).expect(400);
    expect(missing.body.detail).toBe('No file was submitted.');
    const tooLarge = await guestUpload({ subdomain }, Buffer.alloc(10 * MB + 1, 1)).expect(413);
    expect(tooLarge.body.detail).toBe('The file is too large. Files of up to 10 MB can be attached.');
  });

  it('answers 404 once the template is deleted (its subdomain is released)', async () => {
    const other = await createFloodReportForm(app, operator, 'Storm report');
    await guestUpload({ subdomain: other.template.subdomain }).expect(201);
    await request(app.url).delete(`/api/incidents/incident_template/${other.template.id}/`).set(auth(operator)).expect((r) => expect(r.status).toBeLessThan(300));
    await guestUpload({ subdomain: other.template.subdomain }).expect(404);
  });
});
