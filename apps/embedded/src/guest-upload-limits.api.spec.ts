import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createFloodReportForm, type FloodReportForm } from './testing/flood-report-form';

const KB = 1024;
const PUBLIC_UPLOAD = '/api/incidents/upload_attachment_from_template/';

let app: TestApp;
let operator: string;
let flood: FloodReportForm;

beforeAll(async () => {
  // Small limits, and the test client's X-Forwarded-For believed (it stands for the gateway), so each test sends from its own address.
  app = await startTestApp({ TRUST_PROXY: 'loopback', GUEST_UPLOADS_PER_MINUTE: '3', GUEST_UPLOAD_MB_PER_HOUR: '1' });
  operator = await login(app, 'operator@demo.test');
  flood = await createFloodReportForm(app, operator);
});

afterAll(async () => {
  await app?.close();
});

const guestUpload = (address: string, bytes = Buffer.from('guest photo'), filename = 'guest.jpg') =>
  request(app.url)
    .post(PUBLIC_UPLOAD)
    .set('X-Forwarded-For', address)
    .field('file_data', JSON.stringify({ subdomain: flood.template.subdomain }))
    .attach('file', bytes, { filename, contentType: 'image/jpeg' });

const retryAfterOf = (response: request.Response) => Number(response.headers['retry-after']);

describe('guest upload limits per client address', () => {
  it('answers 429 with Retry-After past 3 uploads a minute, and lets other addresses upload', async () => {
    for (let i = 0; i < 3; i++) await guestUpload('203.0.113.1').expect(201);

    const refused = await guestUpload('203.0.113.1').expect(429);

    expect(retryAfterOf(refused)).toBeGreaterThanOrEqual(1);
    expect(retryAfterOf(refused)).toBeLessThanOrEqual(60);
    expect(refused.body).toEqual({ detail: `Too many files were sent from your address. Wait ${retryAfterOf(refused)} seconds before sending another.` });
    await guestUpload('203.0.113.2').expect(201);
  });

  it('answers 429 past 1 MB an hour, counting what each form declares', async () => {
    await guestUpload('203.0.113.3', Buffer.alloc(600 * KB, 1)).expect(201);

    const refused = await guestUpload('203.0.113.3', Buffer.alloc(600 * KB, 2)).expect(429);

    expect(retryAfterOf(refused)).toBeGreaterThan(60);
    expect(retryAfterOf(refused)).toBeLessThanOrEqual(3600);
    expect(refused.body.detail).toMatch(/^Too much was uploaded from your address in the last hour\. Wait \d+ minutes before sending another file\.$/);
    await guestUpload('203.0.113.4', Buffer.alloc(600 * KB, 3)).expect(201);
  });

  it('leaves signed-in users\' uploads unlimited', async () => {
    for (let i = 0; i < 5; i++) {
      await request(app.url)
        .post('/api/incidents/incident/upload/')
        .set(auth(operator))
        .set('X-Forwarded-For', '203.0.113.5')
        .field('file_data', '{}')
        .attach('file', Buffer.from('photo'), { filename: 'photo.jpg', contentType: 'image/jpeg' })
        .expect(201);
    }
  });
});
