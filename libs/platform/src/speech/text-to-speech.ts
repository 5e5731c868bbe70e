import { speechTooLong, type MessageLanguageCode } from '@beacon/domain';

/** What to say, in which message language (spec part 2 §9) and with which of its voices (a voice's value). */
export interface SpeechRequest {
  readonly text: string;
  readonly language: MessageLanguageCode;
  readonly voice: string;
}

export interface SynthesisedSpeech {
  readonly audio: Buffer;
  readonly contentType: 'audio/wav';
}

/**
 * Turns text into speech: espeak-ng on this machine (the embedded default) or nothing
 * (TTS_PROVIDER=none); a cloud service would be one more adapter. The composition chooses one by
 * configuration. Refusals are the errors below; anything else is the server's fault.
 */
export interface TextToSpeech {
  synthesise(request: SpeechRequest): Promise<SynthesisedSpeech>;
}

export const TEXT_TO_SPEECH = Symbol('TEXT_TO_SPEECH');

/** No speech can be made now (no speaker installed or configured, too busy, too slow): the text itself is fine. */
export class SpeechUnavailable extends Error {
  override readonly name = 'SpeechUnavailable';
}

/** The text is longer than the speaker takes. */
export class SpeechTooLong extends Error {
  override readonly name = 'SpeechTooLong';
  constructor(readonly maxLength: number) {
    super(speechTooLong(maxLength));
  }
}
