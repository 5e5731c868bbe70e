import { Query } from '@nestjs/cqrs';
import type { MessageLanguageCode } from '@beacon/domain';
import type { Principal, SynthesisedSpeech } from '@beacon/platform';

/** A spoken preview of a voice message's text, for the caller (whose group's default voice applies). */
export class TtsAudioQuery extends Query<SynthesisedSpeech> {
  constructor(
    readonly principal: Principal,
    readonly text: string,
    readonly language: MessageLanguageCode | undefined,
    readonly voice: string | undefined,
  ) {
    super();
  }
}
