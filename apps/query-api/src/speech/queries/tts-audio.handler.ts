import { Inject, PayloadTooLargeException, ServiceUnavailableException } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  DEFAULT_MESSAGE_LANGUAGE,
  SPEECH_TEXT_MAX_LENGTH,
  isVoiceOf,
  languageOfVoice,
  notAVoiceOf,
  settingsWithDefaults,
  speechTooLong,
  validationError,
  voiceToSpeak,
} from '@beacon/domain';
import { SpeechTooLong, SpeechUnavailable, TEXT_TO_SPEECH, type SynthesisedSpeech, type TextToSpeech } from '@beacon/platform';
import { CustomerGroupReader } from '../../shared/customer-group-reader';
import { spokenText } from '../spoken-text';
import { TtsAudioQuery } from './tts-audio.query';

const tooLong = (max: number) => new PayloadTooLargeException({ detail: speechTooLong(max), text: [speechTooLong(max)] });

/**
 * POST /api/ttsaudio/: the text spoken in the language (given, else the given voice's, else English)
 * with the voice (given, else the group's default, else Amy: spec part 2 §4). A voice the caller
 * named must be the language's; placeholders are not spoken.
 */
@QueryHandler(TtsAudioQuery)
export class TtsAudioHandler implements IQueryHandler<TtsAudioQuery, SynthesisedSpeech> {
  constructor(
    @Inject(CustomerGroupReader) private readonly groups: CustomerGroupReader,
    @Inject(TEXT_TO_SPEECH) private readonly speech: TextToSpeech,
  ) {}

  async execute({ principal, text, language: asked, voice: selected }: TtsAudioQuery): Promise<SynthesisedSpeech> {
    if (text.length > SPEECH_TEXT_MAX_LENGTH) throw tooLong(SPEECH_TEXT_MAX_LENGTH);
    const language = asked ?? (selected ? languageOfVoice(selected) : undefined) ?? DEFAULT_MESSAGE_LANGUAGE;
    const group = selected ? undefined : await this.groups.reachable(principal, principal.customerGroupId);
    const voice = voiceToSpeak(language, selected, group && settingsWithDefaults(group.settings ?? {}).default_tts_voice);
    if (!isVoiceOf(language, voice)) throw validationError(notAVoiceOf(voice, language), { voice: [notAVoiceOf(voice, language)] });
    try {
      return await this.speech.synthesise({ text: spokenText(text), language, voice });
    } catch (error) {
      if (error instanceof SpeechTooLong) throw tooLong(error.maxLength);
      if (error instanceof SpeechUnavailable) throw new ServiceUnavailableException({ detail: error.message });
      throw error;
    }
  }
}
