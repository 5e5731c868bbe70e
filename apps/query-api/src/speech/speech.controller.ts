import { Body, HttpCode, Inject, Post, Res, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ROUTES, TranslationsRequestSchema, TtsAudioRequestSchema } from '@beacon/contracts';
import type { Translations } from '@beacon/domain';
import { CurrentPrincipal, type Principal, type SynthesisedSpeech, ZodBodyPipe } from '@beacon/platform';
import type { Response } from 'express';
import type { z } from 'zod';
import { QueryController } from '../shared/query-controller.decorator';
import { TranslationsQuery } from './queries/translations.query';
import { TtsAudioQuery } from './queries/tts-audio.query';

/** The message builder's catalogues and its spoken preview (spec part 2 §7 "Scenarios and sending"). */
@QueryController()
export class SpeechController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  /** POST /api/translations {keys} */
  @Post(ROUTES.translations.path)
  @HttpCode(200)
  translations(@Body(new ZodBodyPipe(TranslationsRequestSchema)) { keys }: z.output<typeof TranslationsRequestSchema>): Promise<Translations> {
    return this.queryBus.execute(new TranslationsQuery(keys));
  }

  /** POST /api/ttsaudio/ {text, language?, voice?}: a WAV, played in the browser, never kept by a cache. */
  @Post(ROUTES.ttsAudio.path)
  @HttpCode(200)
  async ttsAudio(
    @CurrentPrincipal() principal: Principal,
    @Body(new ZodBodyPipe(TtsAudioRequestSchema)) { text, language, voice }: z.output<typeof TtsAudioRequestSchema>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const speech: SynthesisedSpeech = await this.queryBus.execute(new TtsAudioQuery(principal, text, language ?? undefined, voice ?? undefined));
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Cache-Control', 'private, no-store');
    return new StreamableFile(speech.audio, { type: speech.contentType, length: speech.audio.length, disposition: 'inline; filename="preview.wav"' });
  }
}
