import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createFloodReportForm, type FloodReportForm } from './testing/flood-report-form';

const MB = 1024 * 1024;
const UPLOADS = 40;
const FILE_BYTES = 10 * MB - 64 * 1024;
/** What 40 uploads of 10 MB may add to the process's memory at most; held whole, they would add 400 MB. */
const MAX_RSS_GROWTH_BYTES = 100 * MB;

let app: TestApp;
let flood: FloodReportForm;
let files: string;

beforeAll(async () => {
  // Limits high enough for one address to send everything at once: this measures memory, not the limits.
  app = await startTestApp({ GUEST_UPLOADS_PER_MINUTE: '1000', GUEST_UPLOAD_MB_PER_HOUR: '1000' });
  flood = await createFloodReportForm(app, await login(app, 'admin@demo.test'));
  files = mkdtempSync(join(tmpdir(), 'guest-upload-memory-'));
});

afterAll(async () => {
  await app?.close();
  rmSync(files, { recursive: true, force: true });
});

const guestUpload = (path: string) =>
  request(app.url)
    .post('/api/incidents/upload_attachment_from_template/')
    .field('file_data', JSON.stringify({ subdomain: flood.template.subdomain }))
    .attach('file', path, { filename: 'photo.jpg', contentType: 'image/jpeg' });

describe('guest uploads', () => {
  it(`store ${UPLOADS} files of 10 MB sent at once with the process's memory growing less than 100 MB`, async () => {
    // The client reads the file from disk as it sends each copy, so what grows is the server's share.
    const path = join(files, 'photo.jpg');
    writeFileSync(path, Buffer.alloc(FILE_BYTES, 7));
    await guestUpload(path).expect(201);
    const baseline = process.memoryUsage.rss();
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 20);

    const responses = await Promise.all(Array.from({ length: UPLOADS }, () => guestUpload(path)));
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage.rss());

    expect(responses.map((response) => response.status)).toEqual(responses.map(() => 201));
    expect(responses.every((response) => response.body.size === FILE_BYTES)).toBe(true);
    const sample = responses[UPLOADS - 1]!.body as { url: string };
    const operator = await login(app, 'operator@demo.test');
    const stored = await request(app.url).get(sample.url).set(auth(operator)).responseType('blob').expect(200);
    expect((stored.body as Buffer).equals(Buffer.alloc(FILE_BYTES, 7))).toBe(true);
    console.log(`guest uploads: ${UPLOADS} x ${(FILE_BYTES / MB).toFixed(2)} MB at once, RSS ${(baseline / MB).toFixed(0)} MB -> peak ${(peak / MB).toFixed(0)} MB (+${((peak - baseline) / MB).toFixed(0)} MB)`);
    expect(peak - baseline).toBeLessThan(MAX_RSS_GROWTH_BYTES);
  });
});
