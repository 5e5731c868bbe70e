/** Samples per second of the simulator's recordings (telephone quality). */
const SAMPLE_RATE = 8_000;

/**
 * What the simulator keeps as a conference's recording: a WAV file (16-bit mono PCM, which every
 * player opens) of `seconds` of a quiet 440 Hz tone, so that a test or a demo hears that it plays.
 */
export function simulatedRecordingWav(seconds: number): Buffer {
  const samples = Math.max(1, Math.round(seconds * SAMPLE_RATE));
  const data = Buffer.alloc(samples * 2);
  for (let n = 0; n < samples; n++) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * n) / SAMPLE_RATE) * 3_000), n * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // the format chunk's size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // bytes per sample
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
