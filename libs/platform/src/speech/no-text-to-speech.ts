import { SpeechUnavailable, type SpeechRequest, type SynthesisedSpeech, type TextToSpeech } from './text-to-speech';

export const SPEECH_SWITCHED_OFF = 'The speech preview is switched off on this server (TTS_PROVIDER=none).';

/** TTS_PROVIDER=none: a server that speaks nothing, e.g. one where no speaker may be installed. */
export class NoTextToSpeech implements TextToSpeech {
  async synthesise(_request: SpeechRequest): Promise<SynthesisedSpeech> {
    throw new SpeechUnavailable(SPEECH_SWITCHED_OFF);
  }
}
