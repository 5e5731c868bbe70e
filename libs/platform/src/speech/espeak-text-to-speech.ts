import { spawn } from 'node:child_process';
import { SPEECH_TEXT_MAX_LENGTH } from '@beacon/domain';
import { espeakVoiceFor } from './espeak-voices';
import { SpeechTooLong, SpeechUnavailable, type SpeechRequest, type SynthesisedSpeech, type TextToSpeech } from './text-to-speech';

export interface EspeakOptions {
  /** The program to run; `espeak-ng` on the PATH unless a test names another. */
  readonly command?: string;
  /** How long one text may take to speak before its process is killed. */
  readonly timeoutMs?: number;
  readonly maxTextLength?: number;
  /** Processes speaking at once; a request beyond them is refused as busy rather than queued without bound. */
  readonly maxConcurrent?: number;
}

export const ESPEAK_NOT_INSTALLED = 'The speech preview is not available: espeak-ng is not installed on the server.';
export const ESPEAK_BUSY = 'The speech preview is busy. Try again in a moment.';
export const ESPEAK_TIMED_OUT = 'The speech preview took too long to make.';
export const ESPEAK_FAILED = 'The speech preview could not be made.';

/** Several minutes of 16-bit mono speech at 22 kHz; more means something is wrong, not a long text. */
const MAX_AUDIO_BYTES = 32 * 1024 * 1024;
const MAX_ERROR_BYTES = 4096;

/**
 * Speech from espeak-ng (Debian's espeak-ng package), which runs on the server without an account:
 * the preview is real speech in the message's language, though not the named voice's own. The text
 * goes to the process on its standard input, never on its command line, and the process runs without
 * a shell, so nothing in the text is ever run.
 */
export class EspeakTextToSpeech implements TextToSpeech {
  private readonly command: string;
  private readonly timeoutMs: number;
  private readonly maxTextLength: number;
  private readonly maxConcurrent: number;
  private running = 0;

  constructor(options: EspeakOptions = {}) {
    this.command = options.command ?? 'espeak-ng';
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.maxTextLength = options.maxTextLength ?? SPEECH_TEXT_MAX_LENGTH;
    this.maxConcurrent = options.maxConcurrent ?? 4;
  }

  async synthesise({ text, language, voice }: SpeechRequest): Promise<SynthesisedSpeech> {
    if (text.length > this.maxTextLength) throw new SpeechTooLong(this.maxTextLength);
    if (this.running >= this.maxConcurrent) throw new SpeechUnavailable(ESPEAK_BUSY);
    this.running++;
    try {
      const audio = await this.speak(text, espeakVoiceFor(language, voice));
      return { audio: withWavSizes(audio), contentType: 'audio/wav' };
    } finally {
      this.running--;
    }
  }

  /** The WAV espeak-ng writes: `--stdin` reads the whole text at once, `-b 1` as UTF-8. */
  private speak(text: string, espeakVoice: string): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.command, ['--stdout', '--stdin', '-b', '1', '-v', espeakVoice], { stdio: ['pipe', 'pipe', 'pipe'], shell: false });
      const chunks: Buffer[] = [];
      let size = 0;
      let errorText = '';
      let failure: Error | undefined;
      const fail = (error: Error) => {
        failure ??= error;
        child.kill('SIGKILL');
      };
      const timer = setTimeout(() => fail(new SpeechUnavailable(ESPEAK_TIMED_OUT)), this.timeoutMs);
      child.on('error', (error: NodeJS.ErrnoException) => {
        failure ??= error.code === 'ENOENT' ? new SpeechUnavailable(ESPEAK_NOT_INSTALLED) : new Error(`${ESPEAK_FAILED} (${error.message})`);
      });
      child.stdout.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_AUDIO_BYTES) return fail(new Error(`${ESPEAK_FAILED} (more than ${MAX_AUDIO_BYTES} bytes of audio)`));
        chunks.push(chunk);
      });
      child.stderr.on('data', (chunk: Buffer) => {
        if (errorText.length < MAX_ERROR_BYTES) errorText += chunk.toString('utf8');
      });
      // A process that died before reading its input (not installed, killed) closes the pipe: its 'close' tells what happened.
      child.stdin.on('error', () => undefined);
      child.stdin.end(text, 'utf8');
      child.on('close', (code) => {
        clearTimeout(timer);
        if (failure) return reject(failure);
        const audio = Buffer.concat(chunks);
        if (code !== 0 || !isWav(audio)) return reject(new Error(`${ESPEAK_FAILED} (exit ${code}: ${errorText.trim().slice(0, 200)})`));
        resolve(audio);
      });
    });
  }
}

/** Whether the bytes start with a RIFF WAVE header. */
export function isWav(audio: Buffer): boolean {
  return audio.length >= 44 && audio.toString('ascii', 0, 4) === 'RIFF' && audio.toString('ascii', 8, 12) === 'WAVE';
}

/**
 * The WAV with its RIFF and data sizes set: espeak-ng writes to a pipe, which it cannot seek back
 * into, so its header holds placeholder sizes that some players take literally.
 */
export function withWavSizes(audio: Buffer): Buffer {
  const fixed = Buffer.from(audio);
  fixed.writeUInt32LE(fixed.length - 8, 4);
  let offset = 12;
  while (offset + 8 <= fixed.length) {
    const id = fixed.toString('ascii', offset, offset + 4);
    if (id === 'data') {
      fixed.writeUInt32LE(fixed.length - offset - 8, offset + 4);
      break;
    }
    const chunkSize = fixed.readUInt32LE(offset + 4);
    offset += 8 + chunkSize + (chunkSize % 2);
  }
  return fixed;
}
