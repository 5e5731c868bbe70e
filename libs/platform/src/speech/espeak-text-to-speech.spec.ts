import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGE_LANGUAGES, voicesOf } from '@beacon/domain';
import { skipAtRuntime } from '@beacon/testing';
import { ESPEAK_NOT_INSTALLED, ESPEAK_TIMED_OUT, EspeakTextToSpeech, isWav, withWavSizes } from './espeak-text-to-speech';
import { espeakVoiceFor } from './espeak-voices';
import { SpeechTooLong, SpeechUnavailable } from './text-to-speech';

const installed = spawnSync('espeak-ng', ['--version'], { stdio: 'ignore' }).status === 0;
const NOT_INSTALLED = 'espeak-ng is not installed (node tools/setup.mjs installs it)';

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'espeak-spec-'));
});
afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

/** A stand-in for espeak-ng: a shell script (the test's own, not the text) that may note its process id. */
function script(name: string, body: string): string {
  const path = join(folder, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the espeak-ng voice of a named voice', () => {
  it("speaks each language with its espeak-ng voice and each named voice with a variant of its gender's", () => {
    expect(espeakVoiceFor('en-GB', 'Amy')).toBe('en+f3');
    expect(espeakVoiceFor('en-GB', 'Emma')).toBe('en+f2');
    expect(espeakVoiceFor('en-GB', 'Brian')).toBe('en+m3');
    expect(espeakVoiceFor('en-GB', 'Arthur')).toBe('en+m1');
    expect(espeakVoiceFor('cy-GB', 'Gwyneth')).toBe('cy+f3');
    expect(espeakVoiceFor('gd-GB', 'Ceitidh')).toBe('gd+f3');
    expect(espeakVoiceFor('is-IS', 'Karl')).toBe('is+m3');
    expect(espeakVoiceFor('el-GR', 'el-GR-Standard-A')).toBe('el+f3');
  });

  it("speaks a voice the language does not have with the language's plain voice", () => {
    expect(espeakVoiceFor('en-US', 'Nobody')).toBe('en-us');
    expect(espeakVoiceFor('en-US', 'Amy')).toBe('en-us');
  });
});

describe('the WAV header', () => {
  it('sets the RIFF and data sizes espeak-ng leaves as placeholders', () => {
    const header = Buffer.alloc(44);
    header.write('RIFF', 0, 'ascii');
    header.writeUInt32LE(0x7ffff024, 4);
    header.write('WAVEfmt ', 8, 'ascii');
    header.writeUInt32LE(16, 16);
    header.write('data', 36, 'ascii');
    header.writeUInt32LE(0x7ffff000, 40);
    const wav = withWavSizes(Buffer.concat([header, Buffer.alloc(100)]));
    expect(isWav(wav)).toBe(true);
    expect(wav.readUInt32LE(4)).toBe(144 - 8);
    expect(wav.readUInt32LE(40)).toBe(100);
  });
});

describe('speech from espeak-ng', () => {
  it('speaks a short text as a WAV', async () => {
    if (!installed) return skipAtRuntime(NOT_INSTALLED);
    const speech = await new EspeakTextToSpeech().synthesise({ text: 'Flood warning for Riverside.', language: 'en-GB', voice: 'Amy' });
    expect(speech.contentType).toBe('audio/wav');
    expect(speech.audio.toString('ascii', 0, 4)).toBe('RIFF');
    expect(speech.audio.toString('ascii', 8, 12)).toBe('WAVE');
    expect(speech.audio.readUInt32LE(4)).toBe(speech.audio.length - 8);
    expect(speech.audio.length).toBeGreaterThan(10_000);
  });

  it('speaks the voices of a language differently', async () => {
    if (!installed) return skipAtRuntime(NOT_INSTALLED);
    const tts = new EspeakTextToSpeech();
    const alike: string[] = [];
    for (const { code } of MESSAGE_LANGUAGES) {
      const [first, second] = voicesOf(code);
      if (!first || !second) continue;
      const one = await tts.synthesise({ text: 'Hello', language: code, voice: first.value });
      const other = await tts.synthesise({ text: 'Hello', language: code, voice: second.value });
      if (one.audio.equals(other.audio)) alike.push(`${code}: ${first.value} and ${second.value}`);
    }
    expect(alike).toEqual([]);
  });

  it('speaks text in every message language', async () => {
    if (!installed) return skipAtRuntime(NOT_INSTALLED);
    const tts = new EspeakTextToSpeech();
    for (const [language, voice] of [['cy-GB', 'Gwyneth'], ['gd-GB', 'Ceitidh'], ['el-GR', 'el-GR-Standard-A'], ['ja-JP', 'Mizuki']] as const)
      expect(isWav((await tts.synthesise({ text: 'Dóra ελληνικά こんにちは', language, voice })).audio)).toBe(true);
  });

  it('speaks shell metacharacters in the text rather than running them', async () => {
    if (!installed) return skipAtRuntime(NOT_INSTALLED);
    const marker = join(folder, 'ran');
    const text = `$(touch ${marker}) \`touch ${marker}\`; touch ${marker} | touch ${marker} && $(rm -rf /) -v xx --help`;
    const speech = await new EspeakTextToSpeech().synthesise({ text, language: 'en-GB', voice: 'Amy' });
    expect(isWav(speech.audio)).toBe(true);
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses a text longer than its limit before starting a process', async () => {
    const tts = new EspeakTextToSpeech({ command: script('never', `touch ${join(folder, 'started')}`), maxTextLength: 10 });
    await expect(tts.synthesise({ text: 'x'.repeat(11), language: 'en-GB', voice: 'Amy' })).rejects.toBeInstanceOf(SpeechTooLong);
    expect(existsSync(join(folder, 'started'))).toBe(false);
  });

  it('kills a process that takes longer than its timeout', async () => {
    const pidFile = join(folder, 'slow.pid');
    const tts = new EspeakTextToSpeech({ command: script('slow', `echo $$ > ${pidFile}\nexec /bin/sleep 30`), timeoutMs: 300 });
    const started = Date.now();
    await expect(tts.synthesise({ text: 'Hello', language: 'en-GB', voice: 'Amy' })).rejects.toThrow(new SpeechUnavailable(ESPEAK_TIMED_OUT));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(alive(Number(readFileSync(pidFile, 'utf8').trim()))).toBe(false);
  });

  it('stops real espeak-ng at its timeout', async () => {
    if (!installed) return skipAtRuntime(NOT_INSTALLED);
    const tts = new EspeakTextToSpeech({ timeoutMs: 1 });
    await expect(tts.synthesise({ text: 'A long message. '.repeat(180), language: 'en-GB', voice: 'Amy' })).rejects.toBeInstanceOf(SpeechUnavailable);
  });

  it('says espeak-ng is not installed when the program is missing', async () => {
    const tts = new EspeakTextToSpeech({ command: join(folder, 'no-such-espeak') });
    await expect(tts.synthesise({ text: 'Hello', language: 'en-GB', voice: 'Amy' })).rejects.toThrow(new SpeechUnavailable(ESPEAK_NOT_INSTALLED));
  });

  it('refuses as busy a request beyond the processes it runs at once', async () => {
    const tts = new EspeakTextToSpeech({ command: script('busy', 'exec /bin/sleep 30'), timeoutMs: 500, maxConcurrent: 1 });
    const first = tts.synthesise({ text: 'Hello', language: 'en-GB', voice: 'Amy' });
    await expect(tts.synthesise({ text: 'Hello', language: 'en-GB', voice: 'Amy' })).rejects.toBeInstanceOf(SpeechUnavailable);
    await expect(first).rejects.toThrow(ESPEAK_TIMED_OUT);
  });

  it('fails, rather than answer, when the program writes no WAV', async () => {
    const tts = new EspeakTextToSpeech({ command: script('garbage', 'echo not a wav') });
    await expect(tts.synthesise({ text: 'Hello', language: 'en-GB', voice: 'Amy' })).rejects.toThrow('could not be made');
  });
});
