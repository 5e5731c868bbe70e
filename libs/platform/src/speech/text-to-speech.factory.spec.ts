import { describe, expect, it } from '@jest/globals';
import { loadPlatformConfig } from '../config/platform-config';
import { EspeakTextToSpeech } from './espeak-text-to-speech';
import { NoTextToSpeech, SPEECH_SWITCHED_OFF } from './no-text-to-speech';
import { createTextToSpeech } from './text-to-speech.factory';
import { SpeechUnavailable } from './text-to-speech';

describe('the speaker TTS_PROVIDER chooses', () => {
  it('is espeak-ng unless configured otherwise', () => {
    expect(loadPlatformConfig({}).ttsProvider).toBe('espeak');
    expect(createTextToSpeech(loadPlatformConfig({}))).toBeInstanceOf(EspeakTextToSpeech);
    expect(createTextToSpeech(loadPlatformConfig({ TTS_PROVIDER: ' Espeak ' }))).toBeInstanceOf(EspeakTextToSpeech);
  });

  it('is nobody with TTS_PROVIDER=none, which says the preview is switched off', async () => {
    const tts = createTextToSpeech(loadPlatformConfig({ TTS_PROVIDER: 'none' }));
    expect(tts).toBeInstanceOf(NoTextToSpeech);
    await expect(tts.synthesise({ text: 'Hello', language: 'en-GB', voice: 'Amy' })).rejects.toThrow(new SpeechUnavailable(SPEECH_SWITCHED_OFF));
  });

  it('refuses a provider it does not know, naming the variable', () => {
    expect(() => loadPlatformConfig({ TTS_PROVIDER: 'polly' })).toThrow('TTS_PROVIDER must be one of espeak, none, got "polly"');
  });
});
