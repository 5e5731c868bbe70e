import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { EVENT_POSITION_HEADER, READ_POSITION_HEADER } from '@beacon/contracts';
import { BIDI_CONTROL_IN_NAME } from '@beacon/domain';
import { BODY_TOO_DEEP_MESSAGE, BODY_TOO_LARGE_MESSAGE, JSON_BODY_LIMIT_BYTES } from '@beacon/platform';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';

/**
 * How the API reads request bodies (docs/decisions.md, "Request bodies"): JSON up to 1 MB and 64
 * levels, a clear 4xx with `{detail}` for anything else, control characters dropped from text and
 * names holding bidirectional controls refused. Uploads keep their own limits.
 */
let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = await login(app, 'admin@demo.test');
});

afterAll(async () => {
  await app?.close();
});

const FIELDS = '/api/incidents/field/';
const createField = () => request(app.url).post(FIELDS).set(auth(admin));

/** `count` objects, each inside the one before. */
function nestedObjects(count: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < count; level++) value = { inner: value };
  return value;
}

/** The field as the read side has it once it has caught up with the write. */
async function readField(created: request.Response): Promise<{ label: string }> {
  const id = (created.body as { id: string }).id;
  const response = await request(app.url)
    .get(`${FIELDS}${id}/`)
    .set(auth(admin))
    .set(READ_POSITION_HEADER, String(created.headers[EVENT_POSITION_HEADER]))
    .expect(200);
  return response.body as { label: string };
}

describe('sizes, types and nesting', () => {
  it('answers a JSON body over 1 MB with 413 and a JSON error, and reads one just under it', async () => {
    const tooLarge = await createField()
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ label: 'x'.repeat(JSON_BODY_LIMIT_BYTES), field_type: 'TEXT' }))
      .expect(413);
    expect(tooLarge.body).toEqual({ detail: BODY_TOO_LARGE_MESSAGE });

    // Under the limit the body is read, and the field's own rules answer.
    const large = await createField().send({ label: 'x'.repeat(JSON_BODY_LIMIT_BYTES - 100), field_type: 'TEXT' }).expect(400);
    expect(large.body.label).toEqual(['Ensure this field has no more than 100 characters.']);
  });

  it('counts the limit on the body as inflated, so a small gzip body cannot unpack past it', async () => {
    const bomb = gzipSync(JSON.stringify({ label: ' '.repeat(4 * JSON_BODY_LIMIT_BYTES) }));
    expect(bomb.length).toBeLessThan(JSON_BODY_LIMIT_BYTES / 100);
    // fetch sends the bytes as they are (superagent's handling of a Buffer with Content-Encoding garbles them).
    const response = await fetch(`${app.url}${FIELDS}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', ...auth(admin) },
      body: bomb,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ detail: BODY_TOO_LARGE_MESSAGE });
  });

  it('answers malformed JSON and a body that is not an object or a list with 400', async () => {
    const malformed = await createField().set('Content-Type', 'application/json').send('{"label": "a",').expect(400);
    expect(malformed.body.detail).toMatch(/^JSON parse error - /);
    for (const primitive of ['null', '42', '"label"']) {
      const response = await createField().set('Content-Type', 'application/json').send(primitive).expect(400);
      expect(response.body.detail).toBe('JSON parse error - the request body must be a JSON object or list.');
    }
  });

  it('answers a body the server cannot decode with a 4xx, never a 500', async () => {
    const brokenGzip = await createField().set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').send('{"label":"a"}');
    expect(brokenGzip.status).toBe(400);
    expect(typeof brokenGzip.body.detail).toBe('string');
    const unknownEncoding = await createField().set('Content-Type', 'application/json').set('Content-Encoding', 'x-unknown').send('{}');
    expect(unknownEncoding.status).toBe(415);
    const unknownCharset = await createField().set('Content-Type', 'application/json; charset=x-unknown').send('{}');
    expect(unknownCharset.status).toBe(415);
    expect(unknownCharset.body.detail).toBe('Unsupported charset "x-unknown" in request: send JSON as UTF-8.');
  });

  it('answers a body of a type the API does not read with 415, naming the type', async () => {
    for (const type of ['application/xml', 'text/plain', 'application/x-www-form-urlencoded']) {
      const response = await createField().set('Content-Type', type).send('label=a').expect(415);
      expect(response.body.detail).toBe(`Unsupported media type "${type}" in request. Send application/json, or multipart/form-data to upload a file.`);
    }
  });

  it('refuses a body nested deeper than 64 levels with 400, and reads one of 64', async () => {
    // The body itself is the first level.
    const tooDeep = await createField().send({ label: nestedObjects(64), field_type: 'TEXT' }).expect(400);
    expect(tooDeep.body).toEqual({ detail: BODY_TOO_DEEP_MESSAGE });
    const deepest = await createField().send({ label: nestedObjects(63), field_type: 'TEXT' }).expect(400);
    expect(deepest.body.label).toEqual(['Not a valid string.']);
    // A megabyte of brackets is refused the same way, not by a stack overflow.
    const brackets = await createField().set('Content-Type', 'application/json').send(`${'['.repeat(400_000)}${']'.repeat(400_000)}`).expect(400);
    expect(brackets.body).toEqual({ detail: BODY_TOO_DEEP_MESSAGE });
  });

  it('keeps brackets inside strings (escaped quotes included) out of the count', async () => {
    await createField().send({ label: '['.repeat(80), field_type: 'TEXT' }).expect(201);
    await createField().send({ label: `${'{["'.repeat(30)}`, field_type: 'TEXT' }).expect(201);
  });
});

describe('text rules', () => {
  it('drops control characters from text before anything stores it, keeping tabs and line breaks', async () => {
    const created = await createField().send({ label: 'Ro\u0000of\u0007 \u001b[31mleak\u007f\u0085', field_type: 'TEXT' }).expect(201);
    expect(created.body.label).toBe('Roof [31mleak');
    expect((await readField(created)).label).toBe('Roof [31mleak');

    const form = await request(app.url).post('/api/incidents/form/').set(auth(admin)).send({ name: 'Checks\u0000' }).expect(201);
    expect(form.body.name).toBe('Checks');
    const group = await request(app.url)
      .post('/api/incidents/field_group/')
      .set(auth(admin))
      .send({ form: (form.body as { id: string }).id, title: 'Steps', content: '<p>one\r\n\ttwo\u0000</p>' })
      .expect(201);
    expect((group.body as { content: string }).content).toBe('<p>one\r\n\ttwo</p>');
  });

  it('refuses names holding a bidirectional control with 400 under the field, wherever the name is', async () => {
    for (const char of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      const response = await createField().send({ label: `Invoice${char}fdp.exe`, field_type: 'TEXT' }).expect(400);
      expect(response.body).toEqual({ detail: BIDI_CONTROL_IN_NAME, label: [BIDI_CONTROL_IN_NAME] });
    }
    const form = await request(app.url).post('/api/incidents/form/').set(auth(admin)).send({ name: 'Admin\u202E' }).expect(400);
    expect(form.body.name).toEqual([BIDI_CONTROL_IN_NAME]);
    const moduleNames = await request(app.url)
      .put('/api/customer_group_im_settings/00000000-0000-4000-8000-000000000000/')
      .set(auth(admin))
      .send({ module_name: 'Case', module_name_plural: 'Cases\u2067' })
      .expect(400);
    expect(moduleNames.body.module_name_plural).toEqual([BIDI_CONTROL_IN_NAME]);
    // Nested: an attachment's file name inside an incident's values counts under the top-level field.
    const nestedName = await request(app.url)
      .put('/api/incidents/incident/00000000-0000-4000-8000-000000000000/')
      .set(auth(admin))
      .send({ payload: [{ field: 'f', field_group: 'g', values: [{ key: 'k', name: 'photo\u202Egpj.exe' }] }] })
      .expect(400);
    expect(nestedName.body.payload).toEqual([BIDI_CONTROL_IN_NAME]);
  });

  it('keeps bidirectional marks that do not reorder text, and controls in text that is not a name', async () => {
    const rtl = await createField().send({ label: 'שם\u200F (Hebrew)', field_type: 'TEXT' }).expect(201);
    expect(rtl.body.label).toBe('שם\u200F (Hebrew)');
    const form = await request(app.url).post('/api/incidents/form/').set(auth(admin)).send({ name: 'Free text' }).expect(201);
    const group = await request(app.url)
      .post('/api/incidents/field_group/')
      .set(auth(admin))
      .send({ form: (form.body as { id: string }).id, title: 'Notes', content: '<p>\u2067مرحبا\u2069 world</p>' })
      .expect(201);
    expect((group.body as { content: string }).content).toBe('<p>\u2067مرحبا\u2069 world</p>');
  });
});

describe('uploads', () => {
  it('keep their own limits: a 2 MB multipart attachment is stored', async () => {
    const response = await request(app.url)
      .post('/api/upload/email_attachment')
      .set(auth(admin))
      .attach('file', Buffer.alloc(2 * JSON_BODY_LIMIT_BYTES, 1), { filename: 'big.bin', contentType: 'application/octet-stream' })
      .expect(201);
    expect((response.body as { size: number }).size).toBe(2 * JSON_BODY_LIMIT_BYTES);
  });
});
