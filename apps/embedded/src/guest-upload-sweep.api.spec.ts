import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { UploadedAttachmentDto } from '@beacon/contracts';
import { GuestUploadSweep } from '@beacon/command-api';
import type { EventStore } from '@beacon/event-store';
import { EVENT_STORE } from '@beacon/platform';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createFloodReportForm, type FloodReportForm } from './testing/flood-report-form';

const HOUR = 60 * 60 * 1000;
const PUBLIC_UPLOAD = '/api/incidents/upload_attachment_from_template/';

let app: TestApp;
let operator: string;
let flood: FloodReportForm;

beforeAll(async () => {
  app = await startTestApp();
  operator = await login(app, 'operator@demo.test');
  flood = await createFloodReportForm(app, operator);
});

afterAll(async () => {
  await app?.close();
});

const guestUpload = (bytes: Buffer, filename: string) =>
  request(app.url)
    .post(PUBLIC_UPLOAD)
    .field('file_data', JSON.stringify({ subdomain: flood.template.subdomain }))
    .attach('file', bytes, { filename, contentType: 'image/jpeg' });

describe('guest uploads no incident holds', () => {
  const download = (attachment: UploadedAttachmentDto) => request(app.url).get(attachment.url).set(auth(operator));
  const startWith = (attachments: UploadedAttachmentDto[]) =>
    request(app.url)
      .post(`/api/incidents/public_incident_template/${flood.template.subdomain}/start/`)
      .send({
        payload: [
          { field_group: flood.details.id, field: flood.fields.location.id, values: ['Harbour'] },
          { field_group: flood.details.id, field: flood.fields.photos.id, values: attachments },
        ],
      });

  it('are removed a day after their upload, recorded as removed and no longer attachable; held and signed-in uploads stay', async () => {
    const sweep = app.app.get(GuestUploadSweep);
    const unattached = (await guestUpload(Buffer.from('never attached'), 'lost.jpg').expect(201)).body as UploadedAttachmentDto;
    const held = (await guestUpload(Buffer.from('attached'), 'kept.jpg').expect(201)).body as UploadedAttachmentDto;
    await startWith([held]).expect(201);
    const signedIn = (
      await request(app.url).post('/api/incidents/incident/upload/').set(auth(operator)).field('file_data', '{}').attach('file', Buffer.from('x'), 'mine.jpg').expect(201)
    ).body as UploadedAttachmentDto;

    expect(await sweep.sweep(new Date(Date.now() + 23 * HOUR))).toBe(0);
    await download(unattached).expect(200);

    expect(await sweep.sweep(new Date(Date.now() + 25 * HOUR))).toBe(1);

    await download(unattached).expect(404);
    await download(held).expect(200);
    await download(signedIn).expect(200);
    const events = await app.app.get<symbol, EventStore>(EVENT_STORE).readStream(`incident_attachment-${unattached.key}`);
    expect(events.map((event) => event.type)).toEqual(['IncidentAttachmentUploaded', 'IncidentAttachmentRemoved']);
    expect(events[1]).toMatchObject({ data: { key: unattached.key, name: 'lost.jpg', templateId: flood.template.id }, metadata: { actorUserId: null } });
    const late = await startWith([unattached]).expect(400);
    expect(late.body.payload).toEqual(['Details › Photos: The attachment "lost.jpg" was not uploaded here.']);
    expect(await sweep.sweep(new Date(Date.now() + 49 * HOUR))).toBe(0);
  });
});
