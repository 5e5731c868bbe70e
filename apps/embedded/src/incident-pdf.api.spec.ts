import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { because, pdfText } from '@beacon/testing';
import request from 'supertest';
import type { IncidentDto, UploadedAttachmentDto } from '@beacon/contracts';
import { DEMO_GROUPS } from '@beacon/command-api';
import { INCIDENT_ROOT_PERMISSIONS } from '@beacon/domain';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createFloodReportForm, type FloodReportForm } from './testing/flood-report-form';
import { createTenantWithRoles, TENANT_PASSWORD } from './testing/tenant-with-roles';

/** POST /api/incidents/incident/{id}/generate_pdf/ over HTTP: a real PDF of a real incident. */

let app: TestApp;
let operator: string;
let flood: FloodReportForm;
let incident: IncidentDto;
let photo: UploadedAttachmentDto;
let position = '0';
/** The text of every page of a PDF, one line per text run. */
const pdfTextOf = async (bytes: Buffer): Promise<string> => (await pdfText(bytes)).text;
const rootId = DEMO_GROUPS[0].customerGroupId;

const pdfPath = (id: string) => `/api/incidents/incident/${id}/generate_pdf/`;

const exportPdf = (id: string, body: object = {}, key = operator) =>
  request(app.url).post(pdfPath(id)).set(auth(key)).set('X-Read-Position', position).responseType('blob').send(body);

async function write(method: 'post' | 'put' | 'patch', path: string, body: object): Promise<request.Response> {
  const response = await request(app.url)[method](path).set(auth(operator)).send(body);
  because(JSON.stringify(response.body), () => expect(response.status).toBeLessThan(300));
  position = response.headers['x-event-position'] ?? position;
  return response;
}

const entry = (group: { id: string }, field: { id: string }, values: unknown[]) => ({ field_group: group.id, field: field.id, values });

beforeAll(async () => {
  app = await startTestApp();
  operator = await login(app, 'operator@demo.test');
  flood = await createFloodReportForm(app, operator);
  position = flood.position;
  const uploaded = await request(app.url)
    .post('/api/incidents/incident/upload/')
    .set(auth(operator))
    .field('file_data', '{}')
    .attach('file', Buffer.from('jpeg bytes'), { filename: 'river-bank.jpg', contentType: 'image/jpeg' })
    .expect(201);
  photo = uploaded.body as UploadedAttachmentDto;
  const started = await write('post', `/api/incidents/incident/start/${flood.form.id}/`, {
    incident_title: 'Flooded underpass',
    payload: [
      entry(flood.details, flood.fields.location, ['Underpass A12']),
      entry(flood.details, flood.fields.people, [12]),
      entry(flood.details, flood.fields.severity, [flood.high]),
      entry(flood.details, flood.fields.photos, [photo]),
      entry(flood.evacuation, flood.fields.shelter, ['Town hall']),
    ],
  });
  incident = started.body as IncidentDto;
});

afterAll(async () => {
  await app?.close();
});

describe('incident PDF export', () => {
  it('answers the PDF itself, as a download named after the module and the title', async () => {
    const response = await exportPdf(incident.id!).expect(200);

    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Incident-Flooded underpass.pdf"');
    expect((response.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('holds the title, state, every visible field with its value, attachment names and the history', async () => {
    const text = await pdfTextOf((await exportPdf(incident.id!).expect(200)).body as Buffer);

    for (const expected of [
      'Flooded underpass',
      'Module\nIncident',
      'State\nActive',
      'Form\nFlood report',
      'Olu Demo on',
      'Details',
      'Location\nUnderpass A12',
      'People\n12',
      'Severity\nHigh',
      'Photos\nriver-bank.jpg',
      'Evacuation\nShelter\nTown hall',
      'History',
      'Olu Demo · Started',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain(flood.high);
  });

  it('leaves out a group whose display condition no longer holds, and one that is ignored', async () => {
    await write('put', `/api/incidents/incident/${incident.id}/`, {
      payload: [entry(flood.details, flood.fields.location, ['Underpass B7']), entry(flood.details, flood.fields.severity, [flood.low])],
    });
    const text = await pdfTextOf((await exportPdf(incident.id!).expect(200)).body as Buffer);

    expect(text).toContain('Underpass B7');
    expect(text).toContain('Low');
    // The group's heading and its field are gone; the history still tells what it held.
    expect(text).not.toMatch(/^Evacuation$/m);
    expect(text).not.toContain('Shelter\nTown hall');
    expect(text).toContain('Shelter (Evacuation): — → Town hall');
    expect(text).toContain('Location (Details): Underpass A12 → Underpass B7');
  });

  it('exports the incident as it stood at an earlier version (body or query)', async () => {
    const text = await pdfTextOf((await exportPdf(incident.id!, { version: 1 }).expect(200)).body as Buffer);
    expect(text).toContain('Location\nUnderpass A12');
    expect(text).toContain('Version\n1');
    expect(text).not.toContain('Underpass B7');

    const viaQuery = await request(app.url)
      .post(`${pdfPath(incident.id!)}?version=1`)
      .set(auth(operator))
      .set('X-Read-Position', position)
      .responseType('blob')
      .expect(200);
    expect(await pdfTextOf(viaQuery.body as Buffer)).toContain('Underpass A12');
  });

  it('answers 400 for a version that is not a whole number', async () => {
    const response = await request(app.url).post(pdfPath(incident.id!)).set(auth(operator)).send({ version: 'first' }).expect(400);
    expect(response.body.version).toEqual(['A valid integer is required.']);
  });

  it("answers 404 for an unknown id and for another organisation's incident, 403 without the incident rule", async () => {
    expect((await request(app.url).post(pdfPath('no-such-incident')).set(auth(operator)).send({}).expect(404)).body).toEqual({ detail: 'Not found.' });
    const other = await createTenantWithRoles(app, [...INCIDENT_ROOT_PERMISSIONS]);
    const otherOperator = await login(app, other.emails.OPERATOR, TENANT_PASSWORD);
    await request(app.url).post(pdfPath(incident.id!)).set(auth(otherOperator)).send({}).expect(404);
    const contact = await login(app, 'contact@demo.test');
    await request(app.url).post(pdfPath(incident.id!)).set(auth(contact)).send({}).expect(403);
  });

  it('uses the configured module name in the file name and the document', async () => {
    await write('put', `/api/customer_group_im_settings/${rootId}/`, { module_name: 'Case', module_name_plural: 'Cases' });
    const response = await exportPdf(incident.id!).expect(200);

    expect(response.headers['content-disposition']).toBe('attachment; filename="Case-Flooded underpass.pdf"');
    expect(await pdfTextOf(response.body as Buffer)).toContain('Module\nCase');
  });
});
