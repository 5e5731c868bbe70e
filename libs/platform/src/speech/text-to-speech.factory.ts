import type { PlatformConfig } from '../config/platform-config';
import { EspeakTextToSpeech } from './espeak-text-to-speech';
import { NoTextToSpeech } from './no-text-to-speech';
import type { TextToSpeech } from './text-to-speech';

/** The speaker TTS_PROVIDER names: espeak-ng (the default, in every mode) or none. */
export function createTextToSpeech(config: Pick<PlatformConfig, 'ttsProvider'>): TextToSpeech {
  switch (config.ttsProvider) {
    case 'espeak':
      return new EspeakTextToSpeech();
    case 'none':
      return new NoTextToSpeech();
  }
}
