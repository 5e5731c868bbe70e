import { readdirSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { because } from '@beacon/testing';
import request from 'supertest';
import type { DirectUploadDto, DirectUploadFields, UploadedAttachmentDto } from '@beacon/contracts';
import { INCIDENT_ROOT_PERMISSIONS } from '@beacon/domain';
import type { EventStore } from '@beacon/event-store';
import { DirectUploadSigner, uploadsDirectory } from '@beacon/file-storage';
import { EVENT_STORE } from '@beacon/platform';
import { DEMO_ROOT_ID, DEMO_USERS } from '@beacon/command-api';
import { auth, eventually, login, sleep, startTestApp, type TestApp } from './testing/embedded-test-app';
import { createTenantWithRoles, TENANT_PASSWORD } from './testing/tenant-with-roles';

/**
 * The message upload calls (spec part 1 §7 "Uploads"), the download of their files, and direct
 * uploads: an upload call without a file answers signed fields, which are posted with the file to
 * the storage address.
 */
const SIGNING_SECRET = 'test-storage-signing-secret-of-40-chars!';
const MB = 1024 * 1024;
const EMAIL = '/api/upload/email_attachment';
const SMS = '/api/upload/sms_attachment';
const PROVIDER = '/api/upload/provider_attachment/';
const recordingPath = (kind: string) => `/api/upload/recording/${kind}`;
const INCIDENT_UPLOAD = '/api/incidents/incident/upload/';
const STORAGE = '/api/storage/upload/';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

/** A short mono 8 kHz 16-bit WAV of silence. */
function wav(samples = 800): Buffer {
  const data = samples * 2;
  const bytes = Buffer.alloc(44 + data);
  bytes.write('RIFF', 0);
  bytes.writeUInt32LE(36 + data, 4);
  bytes.write('WAVEfmt ', 8);
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20);
  bytes.writeUInt16LE(1, 22);
  bytes.writeUInt32LE(8000, 24);
  bytes.writeUInt32LE(16000, 28);
  bytes.writeUInt16LE(2, 32);
  bytes.writeUInt16LE(16, 34);
  bytes.write('data', 36);
  bytes.writeUInt32LE(data, 40);
  return bytes;
}

let app: TestApp;
let operator: string;
let sender: string;
let contact: string;
const operatorId = DEMO_USERS.find((user) => user.customerPermission === 'OPERATOR')!.userId;

beforeAll(async () => {
  app = await startTestApp({ STORAGE_SIGNING_SECRET: SIGNING_SECRET });
  [operator, sender, contact] = await Promise.all(['operator', 'sender', 'contact'].map((role) => login(app, `${role}@demo.test`)));
});

afterAll(async () => {
  await app?.close();
});

const upload = (token: string, path: string, bytes: Buffer, filename: string, contentType: string) =>
  request(app.url).post(path).set(auth(token)).attach('file', bytes, { filename, contentType });

const askForDirectUpload = (token: string, path: string, fileData: object) =>
  request(app.url).post(path).set(auth(token)).field('file_data', JSON.stringify(fileData));

const postToStorage = (url: string, fields: Record<string, string>, bytes: Buffer, filename = 'file.bin') => {
  const post = request(app.url).post(url);
  for (const [name, value] of Object.entries(fields)) void post.field(name, value);
  return post.attach('file', bytes, { filename, contentType: 'application/octet-stream' });
};

const download = (token: string, url: string) => request(app.url).get(url).set(auth(token)).responseType('blob');

const eventsOf = (stream: string) => app.app.get<symbol, EventStore>(EVENT_STORE).readStream(stream);

describe('message upload calls', () => {
  it('stores an email attachment of any type and answers where to download it', async () => {
    const bytes = Buffer.from('%PDF-1.4 leaflet');
    const response = await upload(operator, EMAIL, bytes, 'Flood leaflet.pdf', 'application/pdf').expect(201);
    const body = response.body as UploadedAttachmentDto;

    expect(body).toEqual({
      url: `/api/upload/file/${body.key}/`,
      key: expect.stringMatching(/^[a-f0-9]{32}$/),
      name: 'Flood leaflet.pdf',
      created_at: expect.any(String),
      size: bytes.length,
      content_type: 'application/pdf',
    });
    expect(Number(response.headers['x-event-position'])).toBeGreaterThan(0);
    const file = await download(operator, body.url).expect(200);
    expect(Buffer.compare(file.body as Buffer, bytes)).toBe(0);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="Flood leaflet.pdf"`);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('records who uploaded which file for what', async () => {
    const { body } = await upload(operator, PROVIDER, Buffer.from('provider,data\n'), 'voices.csv', 'text/csv').expect(201);
    const events = await eventsOf(`file_upload-${(body as UploadedAttachmentDto).key}`);

    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'FileUploaded',
      data: { key: body.key, tenantId: DEMO_ROOT_ID, name: 'voices.csv', size: 14, contentType: 'text/csv', purpose: 'provider_attachment', recordingKind: null },
      metadata: { tenantId: DEMO_ROOT_ID, actorUserId: operatorId },
    });
  });

  it('takes an image as an SMS attachment, stored with the type its bytes have', async () => {
    const { body } = await upload(operator, SMS, PNG, 'map.png', 'application/octet-stream').expect(201);
    expect(body).toMatchObject({ name: 'map.png', size: PNG.length, content_type: 'image/png' });
    const events = await eventsOf(`file_upload-${(body as UploadedAttachmentDto).key}`);
    expect(events[0]!.data).toMatchObject({ purpose: 'sms_attachment', contentType: 'image/png' });
  });

  it('warns of an SMS image above 600 KB, which some carriers refuse as MMS, and not of a small one', async () => {
    const small = await upload(operator, SMS, PNG, 'map.png', 'image/png').expect(201);
    expect(small.body.warnings).toBeUndefined();
    const large = Buffer.concat([PNG, Buffer.alloc(700 * 1024)]);
    const { body } = await upload(operator, SMS, large, 'big-map.png', 'image/png').expect(201);
    expect(body.warnings).toEqual(["SMS attachments add up to more than 600 KB: some recipients' carriers may refuse them."]);
  });

  it('takes audio as a recording of the kind the path names', async () => {
    const bytes = wav();
    const { body } = await upload(operator, recordingPath('voice_message'), bytes, 'intro.wav', 'audio/x-wav').expect(201);

    expect(body).toMatchObject({ name: 'intro.wav', size: bytes.length, content_type: 'audio/wav' });
    const events = await eventsOf(`file_upload-${(body as UploadedAttachmentDto).key}`);
    expect(events[0]!.data).toMatchObject({ purpose: 'recording', recordingKind: 'voice_message' });
    const file = await download(operator, (body as UploadedAttachmentDto).url).expect(200);
    expect(Buffer.compare(file.body as Buffer, bytes)).toBe(0);
  });

  it('refuses what an SMS or a recording cannot carry, judged by the bytes, not the label', async () => {
    const text = await upload(operator, SMS, Buffer.from('hello'), 'hello.txt', 'text/plain').expect(400);
    expect(text.body).toEqual({ detail: 'SMS attachments must be JPEG, PNG or GIF images.', file: ['SMS attachments must be JPEG, PNG or GIF images.'] });
    await upload(operator, SMS, Buffer.from('<svg/>'), 'fake.png', 'image/png').expect(400);
    await upload(operator, SMS, wav(), 'sound.wav', 'audio/wav').expect(400);

    const image = await upload(operator, recordingPath('voice'), PNG, 'voice.mp3', 'audio/mpeg').expect(400);
    expect(image.body.detail).toBe('A recording must be an audio file, such as WAV, MP3 or OGG.');
  });

  it('refuses files past each purpose limit with 413, saying the limit', async () => {
    const sms = await upload(operator, SMS, Buffer.alloc(MB + 1, 1), 'big.png', 'image/png').expect(413);
    expect(sms.body).toEqual({
      detail: 'The file is too large. Files of up to 1 MB can be attached.',
      file: ['The file is too large. Files of up to 1 MB can be attached.'],
    });
    const email = await upload(operator, EMAIL, Buffer.alloc(10 * MB + 1, 1), 'big.bin', 'application/octet-stream').expect(413);
    expect(email.body.detail).toBe('The file is too large. Files of up to 10 MB can be attached.');
    await upload(operator, PROVIDER, Buffer.alloc(10 * MB + 1, 1), 'big.bin', 'application/octet-stream').expect(413);
    const recording = await upload(operator, recordingPath('voice'), Buffer.alloc(20 * MB + 1, 1), 'big.wav', 'audio/wav').expect(413);
    expect(recording.body.detail).toBe('The file is too large. Files of up to 20 MB can be attached.');
  });

  it('answers 400 without a file, for an empty one and for file details that are not JSON', async () => {
    for (const path of [EMAIL, SMS, PROVIDER, recordingPath('voice')]) {
      const missing = await request(app.url).post(path).set(auth(operator)).field('file_data', '{}').expect(400);
      because(path, () => expect(missing.body).toEqual({ detail: 'No file was submitted.', file: ['No file was submitted.'] }));
    }
    const empty = await upload(operator, EMAIL, Buffer.alloc(0), 'empty.txt', 'text/plain').expect(400);
    expect(empty.body.detail).toBe('The submitted file is empty.');
    const notJson = await request(app.url).post(EMAIL).set(auth(operator)).field('file_data', '{oops').attach('file', Buffer.from('x'), 'x.txt').expect(400);
    expect(notJson.body.file_data).toEqual(['Enter the file details as a JSON object.']);
  });

  it('answers 400 for a recording kind that is not a short lowercase name', async () => {
    for (const kind of ['Voice', 'voice%20message', '..', 'x'.repeat(51), '%3Cb%3E']) {
      const response = await upload(operator, recordingPath(kind), wav(), 'a.wav', 'audio/wav').expect(400);
      because(kind, () => expect(response.body).toEqual({
        detail: 'The kind of recording is not valid.',
        kind: ['Name the kind of recording with up to 50 lowercase letters, digits, "-" or "_" (e.g. "voice_message").'],
      }));
    }
  });

  it('lets senders upload and download; contacts get 403 and callers without a token 401', async () => {
    const { body } = await upload(sender, EMAIL, Buffer.from('notes'), 'notes.txt', 'text/plain').expect(201);
    await download(sender, (body as UploadedAttachmentDto).url).expect(200);
    await download(operator, (body as UploadedAttachmentDto).url).expect(200);

    await upload(contact, EMAIL, Buffer.from('notes'), 'notes.txt', 'text/plain').expect(403);
    await upload(contact, recordingPath('voice'), wav(), 'a.wav', 'audio/wav').expect(403);
    await download(contact, (body as UploadedAttachmentDto).url).expect(403);
    await request(app.url).post(SMS).attach('file', PNG, 'map.png').expect(401);
    await request(app.url).get((body as UploadedAttachmentDto).url).expect(401);
  });

  it("answers 404 for another organisation's file, an incident attachment, an unknown key and a key that is not one", async () => {
    const { body } = await upload(operator, EMAIL, Buffer.from('secret'), 'secret.txt', 'text/plain').expect(201);
    const other = await createTenantWithRoles(app, [...INCIDENT_ROOT_PERMISSIONS]);
    const otherOperator = await login(app, other.emails.OPERATOR, TENANT_PASSWORD);

    const response = await download(otherOperator, (body as UploadedAttachmentDto).url).expect(404);
    expect(JSON.parse((response.body as Buffer).toString())).toEqual({ detail: 'Not found.' });
    const theirs = await upload(otherOperator, EMAIL, Buffer.from('theirs'), 'theirs.txt', 'text/plain').expect(201);
    await download(operator, (theirs.body as UploadedAttachmentDto).url).expect(404);
    await download(otherOperator, (theirs.body as UploadedAttachmentDto).url).expect(200);

    const attachment = await upload(operator, INCIDENT_UPLOAD, Buffer.from('incident photo'), 'photo.jpg', 'image/jpeg').expect(201);
    await download(operator, `/api/upload/file/${(attachment.body as UploadedAttachmentDto).key}/`).expect(404);
    await download(operator, `/api/upload/file/${'0'.repeat(32)}/`).expect(404);
    await download(operator, '/api/upload/file/..%2F..%2Fevents.sqlite/').expect(404);
  });
});

describe('direct uploads to the storage address', () => {
  const describeFile = (bytes: Buffer, name: string, contentType: string) => ({ name, content_type: contentType, size: bytes.length });

  async function terms(path: string, bytes: Buffer, name: string, contentType: string, extra: object = {}): Promise<DirectUploadDto> {
    const response = await askForDirectUpload(operator, path, { ...describeFile(bytes, name, contentType), ...extra }).expect(200);
    return response.body as DirectUploadDto;
  }

  /** The fields with the policy's terms changed and signed again with the server's secret (a forger who had it). */
  function resigned(fields: DirectUploadFields, change: (policy: Record<string, unknown>) => Record<string, unknown>): DirectUploadFields {
    const policy = JSON.parse(Buffer.from(fields.policy, 'base64url').toString('utf8')) as Record<string, unknown>;
    const signed = new DirectUploadSigner(Buffer.from(SIGNING_SECRET)).sign(change(policy) as { expiration: string });
    return { ...fields, ...signed };
  }

  it('answers the storage address, signed fields and the attachment-to-be; the posted file downloads byte for byte', async () => {
    const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7) % 256));
    const direct = await terms(EMAIL, bytes, 'Evacuation plan.bin', 'application/octet-stream');

    expect(direct).toEqual({
      url: STORAGE,
      fields: { key: direct.attachment.key, content_type: 'application/octet-stream', policy: expect.any(String), signature: expect.stringMatching(/^[a-f0-9]{64}$/) },
      attachment: {
        url: `/api/upload/file/${direct.attachment.key}/`,
        key: expect.stringMatching(/^[a-f0-9]{32}$/),
        name: 'Evacuation plan.bin',
        created_at: expect.any(String),
        size: 5000,
        content_type: 'application/octet-stream',
      },
    });
    await download(operator, direct.attachment.url).expect(404);

    const stored = await postToStorage(direct.url, { ...direct.fields }, bytes).expect(204);
    expect(Number(stored.headers['x-event-position'])).toBeGreaterThan(0);

    const file = await download(operator, direct.attachment.url).expect(200);
    expect(Buffer.compare(file.body as Buffer, bytes)).toBe(0);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['content-disposition']).toBe('attachment; filename="Evacuation plan.bin"');
    const [event] = await eventsOf(`file_upload-${direct.attachment.key}`);
    expect(event).toMatchObject({
      type: 'FileUploaded',
      data: { tenantId: DEMO_ROOT_ID, name: 'Evacuation plan.bin', size: 5000, purpose: 'email_attachment' },
      metadata: { actorUserId: operatorId, acceptedAt: direct.attachment.created_at },
    });
  });

  it('works for incident attachments too, recording what file_data says the file is for', async () => {
    const bytes = Buffer.from('large incident video, in short');
    const direct = await terms(INCIDENT_UPLOAD, bytes, 'dock.mp4', 'video/mp4', { incident: 'incident-9', field: 'field-2' });
    expect(direct.attachment).toMatchObject({ url: `/api/incidents/attachment/${direct.attachment.key}/`, name: 'dock.mp4', size: bytes.length, content_type: 'video/mp4' });

    await postToStorage(direct.url, { ...direct.fields }, bytes).expect(204);

    const file = await download(operator, direct.attachment.url).expect(200);
    expect((file.body as Buffer).toString()).toBe('large incident video, in short');
    const [event] = await eventsOf(`incident_attachment-${direct.attachment.key}`);
    expect(event).toMatchObject({
      type: 'IncidentAttachmentUploaded',
      data: { tenantId: DEMO_ROOT_ID, incidentId: 'incident-9', fieldId: 'field-2', templateId: null, contentType: 'video/mp4' },
      metadata: { actorUserId: operatorId },
    });
  });

  it('checks a recording by its declared type first and by its bytes once posted', async () => {
    const bytes = wav();
    const direct = await terms(recordingPath('answering_machine'), bytes, 'am.wav', 'audio/wav');
    await postToStorage(direct.url, { ...direct.fields }, bytes).expect(204);
    const [event] = await eventsOf(`file_upload-${direct.attachment.key}`);
    expect(event!.data).toMatchObject({ purpose: 'recording', recordingKind: 'answering_machine' });

    const declaredText = await askForDirectUpload(operator, recordingPath('voice'), describeFile(bytes, 'notes.txt', 'text/plain')).expect(400);
    expect(declaredText.body.detail).toBe('A recording must be an audio file, such as WAV, MP3 or OGG.');
    const fake = Buffer.from('not audio at all');
    const lying = await terms(recordingPath('voice'), fake, 'fake.wav', 'audio/wav');
    const refused = await postToStorage(lying.url, { ...lying.fields }, fake).expect(400);
    expect(refused.body.detail).toBe('A recording must be an audio file, such as WAV, MP3 or OGG.');
    await download(operator, lying.attachment.url).expect(404);
  });

  it('refuses to sign for a file past the purpose limit (413) and for a partial description (400)', async () => {
    const tooLarge = await askForDirectUpload(operator, SMS, { name: 'big.png', content_type: 'image/png', size: MB + 1 }).expect(413);
    expect(tooLarge.body).toEqual({
      detail: 'The file is too large. Files of up to 1 MB can be attached.',
      size: ['The file is too large. Files of up to 1 MB can be attached.'],
    });
    const partial = await askForDirectUpload(operator, EMAIL, { name: 'a.pdf' }).expect(400);
    expect(partial.body).toEqual({ detail: 'Some file details are not valid.', content_type: ['This field is required.'], size: ['This field is required.'] });
    const badSize = await askForDirectUpload(operator, EMAIL, { name: 'a.pdf', content_type: 'application/pdf', size: '12' }).expect(400);
    expect(badSize.body.size).toEqual(['Enter the size of the file in bytes, a whole number.']);
    const empty = await askForDirectUpload(operator, EMAIL, { name: 'a.pdf', content_type: 'application/pdf', size: 0 }).expect(400);
    expect(empty.body.size).toEqual(['The submitted file is empty.']);
    await askForDirectUpload(contact, EMAIL, { name: 'a.pdf', content_type: 'application/pdf', size: 10 }).expect(403);
  });

  it('answers 403 for changed fields, another signature or no fields at all', async () => {
    const bytes = Buffer.from('twelve bytes');
    const direct = await terms(EMAIL, bytes, 'a.txt', 'text/plain');

    const changedType = await postToStorage(direct.url, { ...direct.fields, content_type: 'text/html' }, bytes).expect(403);
    expect(changedType.body).toEqual({ detail: 'The upload fields do not match their signature. Send them as the upload call answered them.' });
    await postToStorage(direct.url, { ...direct.fields, key: 'f'.repeat(32) }, bytes).expect(403);

    const policy = JSON.parse(Buffer.from(direct.fields.policy, 'base64url').toString('utf8')) as Record<string, unknown>;
    const biggerPolicy = Buffer.from(JSON.stringify({ ...policy, size: 10 * MB })).toString('base64url');
    const tampered = await postToStorage(direct.url, { ...direct.fields, policy: biggerPolicy }, bytes).expect(403);
    expect(tampered.body).toEqual({ detail: 'The upload signature is not valid. Send the fields the upload call answered, unchanged.' });
    await postToStorage(direct.url, { ...direct.fields, signature: '0'.repeat(64) }, bytes).expect(403);

    const unsigned = await request(app.url).post(STORAGE).attach('file', bytes, 'a.txt').expect(403);
    expect(unsigned.body.detail).toBe('The upload is not signed. Send the fields the upload call answered along with the file.');
    await request(app.url).post(STORAGE).send({}).expect(403);

    // None of that stored anything; the untouched fields still work.
    await download(operator, direct.attachment.url).expect(404);
    await postToStorage(direct.url, { ...direct.fields }, bytes).expect(204);
  });

  it('answers 403 once the fields have expired', async () => {
    const bytes = Buffer.from('late');
    const direct = await terms(EMAIL, bytes, 'late.txt', 'text/plain');
    const expired = resigned(direct.fields, (policy) => ({ ...policy, expiration: new Date(Date.now() - 1000).toISOString() }));

    const response = await postToStorage(direct.url, { ...expired }, bytes).expect(403);
    expect(response.body).toEqual({ detail: 'The upload has expired. Ask for a new upload address and send the file again.' });
    await download(operator, direct.attachment.url).expect(404);
  });

  it('takes one file per signed key: a second post answers 409 and keeps the first file', async () => {
    const bytes = Buffer.from('first');
    const direct = await terms(EMAIL, bytes, 'once.txt', 'text/plain');
    await postToStorage(direct.url, { ...direct.fields }, bytes).expect(204);

    const again = await postToStorage(direct.url, { ...direct.fields }, Buffer.from('again')).expect(409);
    expect(again.body).toEqual({ detail: 'This upload has already been used. Ask for a new upload address to send another file.' });
    const file = await download(operator, direct.attachment.url).expect(200);
    expect((file.body as Buffer).toString()).toBe('first');
    expect(await eventsOf(`file_upload-${direct.attachment.key}`)).toHaveLength(1);
  });

  it('takes exactly the signed size: larger answers 413, smaller 400, none 400', async () => {
    const bytes = Buffer.from('exactly this');
    const direct = await terms(PROVIDER, bytes, 'size.txt', 'text/plain');

    const larger = await postToStorage(direct.url, { ...direct.fields }, Buffer.from('exactly this, and more')).expect(413);
    expect(larger.body.detail).toBe(`The file is too large: the upload was signed for a file of ${bytes.length} bytes.`);
    const smaller = await postToStorage(direct.url, { ...direct.fields }, Buffer.from('exact')).expect(400);
    expect(smaller.body.detail).toBe(`The file is 5 bytes, not the ${bytes.length} bytes the upload was signed for.`);
    const post = request(app.url).post(direct.url);
    for (const [name, value] of Object.entries(direct.fields)) void post.field(name, value);
    expect((await post.expect(400)).body.detail).toBe('No file was submitted.');

    await postToStorage(direct.url, { ...direct.fields }, bytes).expect(204);
  });
});

describe('the storage address reads the form as it arrives', () => {
  async function terms(path: string, bytes: Buffer, name: string, contentType: string): Promise<DirectUploadDto> {
    const response = await askForDirectUpload(operator, path, { name, content_type: contentType, size: bytes.length }).expect(200);
    return response.body as DirectUploadDto;
  }

  interface OpenPost {
    /** The server's answer, which must come while the post is still open. */
    readonly answer: Promise<{ status: number; body: { detail?: string } }>;
    /** Whether the client had finished sending when the answer came (never, unless `close` was called). */
    readonly sentEverything: () => boolean;
    readonly close: () => void;
  }

  /**
   * Starts a multipart post to the storage address: the fields, the start of the file part and the
   * first bytes of the file, then keeps the request open, as a client still sending a large file does.
   */
  function openStoragePost(fields: Record<string, string>, firstBytes: Buffer): OpenPost {
    const boundary = 'storage-test-boundary-5f2a';
    const post = http.request(new URL(STORAGE, app.url), { method: 'POST', headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` } });
    // The server may close the connection once it has answered.
    post.on('error', () => undefined);
    let preamble = '';
    for (const [name, value] of Object.entries(fields)) preamble += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    preamble += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    post.write(preamble);
    post.write(firstBytes);
    let timer: NodeJS.Timeout | undefined;
    const answer = new Promise<{ status: number; body: { detail?: string } }>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error('no answer while the post was still open')), 5_000);
      post.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { detail?: string } });
        });
      });
    });
    // Closing cuts the post: an answer still to come is no longer waited for (nor its time limit).
    const close = () => {
      clearTimeout(timer);
      post.destroy();
    };
    return { answer, sentEverything: () => post.writableEnded, close };
  }

  it('refuses fields with a bad signature as the file begins, answering while the file is still being sent', async () => {
    const bytes = Buffer.alloc(8 * MB, 7);
    const direct = await terms(EMAIL, bytes, 'big.bin', 'application/octet-stream');

    const forged = openStoragePost({ ...direct.fields, signature: '0'.repeat(64) }, bytes.subarray(0, MB));
    try {
      const answer = await forged.answer;
      expect(answer).toEqual({ status: 403, body: { detail: 'The upload signature is not valid. Send the fields the upload call answered, unchanged.' } });
      expect(forged.sentEverything()).toBe(false);
    } finally {
      forged.close();
    }
    const unsigned = openStoragePost({}, bytes.subarray(0, MB));
    try {
      expect((await unsigned.answer).status).toBe(403);
      expect(unsigned.sentEverything()).toBe(false);
    } finally {
      unsigned.close();
    }
    await download(operator, direct.attachment.url).expect(404);
  });

  it('refuses fields of a key already used as the file begins (409)', async () => {
    const bytes = Buffer.from('only once');
    const direct = await terms(EMAIL, bytes, 'once.txt', 'text/plain');
    await postToStorage(direct.url, { ...direct.fields }, bytes).expect(204);

    const again = openStoragePost({ ...direct.fields }, Buffer.alloc(MB));
    try {
      expect((await again.answer).status).toBe(409);
      expect(again.sentEverything()).toBe(false);
    } finally {
      again.close();
    }
  });

  it('stops reading a file the moment it grows past the signed size (413); nothing is kept and the fields still work', async () => {
    const bytes = Buffer.from('exactly this');
    const direct = await terms(PROVIDER, bytes, 'small.txt', 'text/plain');

    const oversize = openStoragePost({ ...direct.fields }, Buffer.alloc(MB, 1));
    try {
      const answer = await oversize.answer;
      expect(answer.status).toBe(413);
      expect(answer.body.detail).toBe(`The file is too large: the upload was signed for a file of ${bytes.length} bytes.`);
      expect(oversize.sentEverything()).toBe(false);
    } finally {
      oversize.close();
    }
    await download(operator, direct.attachment.url).expect(404);
    await postToStorage(direct.url, { ...direct.fields }, bytes).expect(204);
  });

  it('answers 400 for fields that come after the file, a second file or a file under another name; nothing is kept', async () => {
    const bytes = Buffer.from('fields first, please');
    const direct = await terms(EMAIL, bytes, 'order.txt', 'text/plain');

    const fieldAfter = request(app.url).post(direct.url);
    for (const [name, value] of Object.entries(direct.fields)) void fieldAfter.field(name, value);
    void fieldAfter.attach('file', bytes, { filename: 'order.txt', contentType: 'text/plain' }).field('success_action_status', '204');
    expect((await fieldAfter.expect(400)).body).toEqual({
      detail: 'The upload fields came after the file. Send the fields the upload call answered first and the file last.',
    });

    // The signature after the file: the file began without it.
    const signatureAfter = request(app.url).post(direct.url).field('key', direct.fields.key).field('content_type', direct.fields.content_type);
    void signatureAfter.attach('file', bytes, 'order.txt').field('policy', direct.fields.policy).field('signature', direct.fields.signature);
    await signatureAfter.expect(403);

    const twoFiles = request(app.url).post(direct.url);
    for (const [name, value] of Object.entries(direct.fields)) void twoFiles.field(name, value);
    void twoFiles.attach('file', bytes, 'order.txt').attach('file', bytes, 'again.txt');
    expect((await twoFiles.expect(400)).body.detail).toBe('Send one file only.');

    const otherName = request(app.url).post(direct.url);
    for (const [name, value] of Object.entries(direct.fields)) void otherName.field(name, value);
    expect((await otherName.attach('upload', bytes, 'order.txt').expect(400)).body.detail).toBe(
      'Send the file as "file", after the fields the upload call answered.',
    );

    await download(operator, direct.attachment.url).expect(404);
    await postToStorage(direct.url, { ...direct.fields }, bytes).expect(204);
  });

  it('keeps nothing of a post cut off in the middle of its file; the fields still work', async () => {
    const bytes = Buffer.alloc(4 * MB, 3);
    const direct = await terms(EMAIL, bytes, 'cut.bin', 'application/octet-stream');
    const tenantFolder = join(uploadsDirectory(app.config.dataDir), DEMO_ROOT_ID);

    const cut = openStoragePost({ ...direct.fields }, bytes.subarray(0, MB));
    await sleep(100);
    cut.close();

    await eventually(async () => expect(readdirSync(tenantFolder).filter((name) => name.endsWith('.tmp'))).toEqual([]));
    await download(operator, direct.attachment.url).expect(404);
    await postToStorage(direct.url, { ...direct.fields }, bytes).expect(204);
  });

  it('stores a large file sent in many pieces, byte for byte', async () => {
    const bytes = Buffer.from(Array.from({ length: 6 * MB }, (_, i) => (i * 31 + (i >> 10)) % 256));
    const direct = await terms(EMAIL, bytes, 'large.bin', 'application/octet-stream');

    await postToStorage(direct.url, { ...direct.fields }, bytes).expect(204);

    const file = await download(operator, direct.attachment.url).expect(200);
    expect(Buffer.compare(file.body as Buffer, bytes)).toBe(0);
  });
});
