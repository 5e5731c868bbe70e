import { Module } from '@nestjs/common';
import { createTextToSpeech, PLATFORM_CONFIG, TEXT_TO_SPEECH, type PlatformConfig } from '@beacon/platform';
import { TranslationsHandler } from './queries/translations.handler';
import { TtsAudioHandler } from './queries/tts-audio.handler';
import { SpeechController } from './speech.controller';

/**
 * The builder's catalogues and its spoken preview. The speaker is chosen here by TTS_PROVIDER, so the
 * query-api process and the embedded app (which holds this module too) speak alike.
 */
@Module({
  controllers: [SpeechController],
  providers: [
    TranslationsHandler,
    TtsAudioHandler,
    { provide: TEXT_TO_SPEECH, inject: [PLATFORM_CONFIG], useFactory: (config: PlatformConfig) => createTextToSpeech(config) },
  ],
})
export class SpeechModule {}
