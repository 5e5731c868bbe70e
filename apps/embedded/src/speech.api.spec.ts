import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import request from 'supertest';
import { DEMO_GROUPS } from '@beacon/command-api';
import { MESSAGE_LANGUAGES, MESSAGE_TIMEOUT_CHOICES, VOICES } from '@beacon/domain';
import { BODY_TOO_LARGE_MESSAGE, SPEECH_SWITCHED_OFF } from '@beacon/platform';
import { skipAtRuntime } from '@beacon/testing';
import { auth, login, startTestApp, type TestApp } from './testing/embedded-test-app';
import { binary } from './testing/binary-body';

const TRANSLATIONS = '/api/translations';
const TTS = '/api/ttsaudio/';
const rootId = DEMO_GROUPS[0].customerGroupId;
const espeakInstalled = spawnSync('espeak-ng', ['--version'], { stdio: 'ignore' }).status === 0;
const NO_ESPEAK = 'espeak-ng is not installed (node tools/setup.mjs installs it)';

let app: TestApp;
let admin: string;
let sender: string;
let contact: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = await login(app, 'admin@demo.test');
  sender = await login(app, 'sender@demo.test');
  contact = await login(app, 'contact@demo.test');
});

afterAll(async () => {
  await app?.close();
});

const translations = (key: string, body: unknown) => request(app.url).post(TRANSLATIONS).set(auth(key)).send(body as object);

/** The answer's bytes, whatever its type. */
const speak = (key: string | undefined, body: unknown, url = app.url) => {
  const call = request(url).post(TTS).buffer(true).parse(binary);
  return (key ? call.set(auth(key)) : call).send(body as object);
};
const json = (response: request.Response) => JSON.parse((response.body as Buffer).toString('utf8')) as Record<string, unknown>;

describe('POST /api/translations', () => {
  it("answers the builder's catalogues asked for, by key", async () => {
    const response = await translations(admin, { keys: ['languages', 'voices', 'message_timeouts', 'recipient_types', 'scenario_types', 'dispatch_types'] }).expect(200);
    expect(response.body.languages).toEqual(MESSAGE_LANGUAGES);
    expect(response.body.languages[0]).toEqual({ code: 'en-GB', name: 'English' });
    expect(response.body.voices).toEqual(VOICES);
    expect(response.body.voices).toContainEqual({ name: 'Gwyneth', value: 'Gwyneth', label: 'Gwyneth (female)', language: 'cy-GB', provider: 'polly' });
    expect(response.body.message_timeouts).toEqual(MESSAGE_TIMEOUT_CHOICES);
    expect(response.body.recipient_types.slice(0, 6)).toEqual([
      { value: 'everyone', label: 'Everyone' },
      { value: 'user', label: 'Individuals' },
      { value: 'group', label: 'Datasets' },
      { value: 'on_call', label: 'Currently On Call' },
      { value: 'select', label: 'Select field' },
      { value: 'multiselect', label: 'Multiselect field' },
    ]);
    expect(response.body.scenario_types).toEqual([
      { value: 'broadcast', label: 'Broadcast' },
      { value: 'sequence', label: 'Sequence' },
      { value: 'conference', label: 'Conference' },
    ]);
    expect(response.body.dispatch_types).toEqual([
      { value: 'SMS', label: 'SMS' },
      { value: 'VOICE', label: 'Voice Call' },
      { value: 'EMAIL', label: 'Email' },
    ]);
  });

  it('answers only the keys asked for, to any signed-in user', async () => {
    expect((await translations(contact, { keys: ['scenario_types'] }).expect(200)).body).toEqual({
      scenario_types: expect.any(Array),
    });
    expect((await translations(contact, { keys: [] }).expect(200)).body).toEqual({});
  });

  it('answers 400 naming an unknown key, a missing list, too many keys and an over-long key', async () => {
    expect((await translations(admin, { keys: ['voices', 'colours'] }).expect(400)).body).toEqual({
      detail: '"colours" is not a valid choice.',
      keys: ['1: "colours" is not a valid choice.'],
    });
    expect((await translations(admin, { keys: ['__proto__'] }).expect(400)).body.keys).toEqual(['0: "__proto__" is not a valid choice.']);
    expect((await translations(admin, {}).expect(400)).body.keys).toEqual(['This field is required.']);
    expect((await translations(admin, { keys: 'voices' }).expect(400)).body.keys).toEqual(['Expected a list of items.']);
    expect((await translations(admin, { keys: Array(51).fill('voices') }).expect(400)).body.keys).toEqual(['Ensure this field has no more than 50 elements.']);
    expect((await translations(admin, { keys: Array(50).fill('voices') }).expect(200)).body).toEqual({ voices: VOICES });
    expect((await translations(admin, { keys: ['x'.repeat(5000)] }).expect(400)).body.keys).toEqual(['0: Ensure this field has no more than 100 characters.']);
  });

  it('answers 413 for a body over the JSON limit, and 401 without a token', async () => {
    const huge = { keys: ['voices'], padding: 'x'.repeat(1024 * 1024 + 1) };
    expect((await translations(admin, huge).expect(413)).body).toEqual({ detail: BODY_TOO_LARGE_MESSAGE });
    await request(app.url).post(TRANSLATIONS).send({ keys: ['voices'] }).expect(401);
  });
});

describe('POST /api/ttsaudio/', () => {
  it('speaks the text as a WAV, in the voice asked for', async () => {
    if (!espeakInstalled) return skipAtRuntime(NO_ESPEAK);
    const response = await speak(sender, { text: 'Flood warning for Riverside.', language: 'en-GB', voice: 'Brian' }).expect(200);
    expect(response.headers['content-type']).toBe('audio/wav');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const wav = response.body as Buffer;
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    const amy = (await speak(sender, { text: 'Flood warning for Riverside.', language: 'en-GB', voice: 'Amy' }).expect(200)).body as Buffer;
    expect(amy.equals(wav)).toBe(false);
  });

  it("speaks with the group's default voice when none is asked for, and Welsh with a Welsh voice", async () => {
    if (!espeakInstalled) return skipAtRuntime(NO_ESPEAK);
    const text = 'The bridge is closed.';
    const changed = await request(app.url).put(`/api/customer_group_settings/${rootId}/`).set(auth(admin)).send({ default_tts_voice: 'Brian' }).expect(200);
    const position = changed.headers['x-event-position'] as string;
    const byDefault = (await speak(sender, { text }).set('X-Read-Position', position).expect(200)).body as Buffer;
    const brian = (await speak(sender, { text, voice: 'Brian' }).expect(200)).body as Buffer;
    const amy = (await speak(sender, { text, voice: 'Amy' }).expect(200)).body as Buffer;
    expect(byDefault.equals(brian)).toBe(true);
    expect(byDefault.equals(amy)).toBe(false);
    // A language the group's default does not speak takes the language's first voice; a voice alone takes its language.
    const welsh = (await speak(sender, { text: 'Mae’r bont ar gau.', language: 'cy-GB' }).expect(200)).body as Buffer;
    const gwyneth = (await speak(sender, { text: 'Mae’r bont ar gau.', voice: 'Gwyneth' }).expect(200)).body as Buffer;
    expect(welsh.equals(gwyneth)).toBe(true);
    await request(app.url).put(`/api/customer_group_settings/${rootId}/`).set(auth(admin)).send({ default_tts_voice: 'Amy' }).expect(200);
  });

  it('does not speak placeholders', async () => {
    if (!espeakInstalled) return skipAtRuntime(NO_ESPEAK);
    const masked = (await speak(sender, { text: 'Hello #first_name#, leave now.', voice: 'Amy' }).expect(200)).body as Buffer;
    const paused = (await speak(sender, { text: 'Hello , , leave now.', voice: 'Amy' }).expect(200)).body as Buffer;
    expect(masked.equals(paused)).toBe(true);
  });

  it('answers 400 naming a voice of another language, an unknown voice or language, and a blank or missing text', async () => {
    expect(json(await speak(sender, { text: 'Hello', language: 'en-GB', voice: 'Joanna' }).expect(400))).toEqual({
      detail: '"Joanna" is not a voice of English.',
      voice: ['"Joanna" is not a voice of English.'],
    });
    expect(json(await speak(sender, { text: 'Hello', voice: 'Nobody' }).expect(400)).voice).toEqual(['"Nobody" is not a voice of English.']);
    expect(json(await speak(sender, { text: 'Hello', language: 'xx-XX' }).expect(400)).language).toEqual(['"xx-XX" is not a valid choice.']);
    expect(json(await speak(sender, { text: '   ' }).expect(400)).text).toEqual(['This field may not be blank.']);
    expect(json(await speak(sender, {}).expect(400)).text).toEqual(['This field is required.']);
    expect(json(await speak(sender, { text: 42 }).expect(400)).text).toEqual(['Not a valid string.']);
  });

  it('answers 413 for a text longer than 3000 characters', async () => {
    expect(json(await speak(sender, { text: 'a'.repeat(3001) }).expect(413))).toEqual({
      detail: 'The text to speak is at most 3000 characters long.',
      text: ['The text to speak is at most 3000 characters long.'],
    });
  });

  it('keeps contacts out, and answers 401 without a token', async () => {
    expect(json(await speak(contact, { text: 'Hello' }).expect(403)).detail).toEqual(expect.any(String));
    await speak(undefined, { text: 'Hello' }).expect(401);
  });

  it('answers 503 with a clear message when the server has no speaker', async () => {
    const silent = await startTestApp({ TTS_PROVIDER: 'none' });
    try {
      const key = await login(silent, 'sender@demo.test');
      expect(json(await speak(key, { text: 'Hello' }, silent.url).expect(503))).toEqual({ detail: SPEECH_SWITCHED_OFF });
    } finally {
      await silent.close();
    }
  });
});
