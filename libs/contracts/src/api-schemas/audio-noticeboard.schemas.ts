/** Audio noticeboards (audio-noticeboard.routes.ts). */
import { NOTICEBOARD_PROVIDERS, SETTINGS_TEXT_MAX_LENGTH } from '@beacon/domain';
import { z } from 'zod';
import type { AUDIO_NOTICEBOARD_ROUTES } from '../routes/audio-noticeboard.routes';
import { described, json, named, type ApiFeature } from './api-schema';

export const AudioNoticeboardSchema = named(
  'AudioNoticeboard',
  z.object({
    phone_number: z.string(),
    provider: z.enum(NOTICEBOARD_PROVIDERS),
    is_voice: z.boolean(),
    is_default: described(z.boolean(), "Listed in the group's default_noticeboards."),
    message: described(z.string(), 'What callers hear; "" until one is set.'),
  }),
);

export const ChangeAudioNoticeboardRequestSchema = named(
  'ChangeAudioNoticeboardRequest',
  z.object({
    phone_number: described(z.string().trim().min(1), "One of the caller's group noticeboard numbers."),
    message: z.string().trim().min(1).max(SETTINGS_TEXT_MAX_LENGTH),
  }),
);

export const AUDIO_NOTICEBOARD_API = {
  tag: 'Audio noticeboards',
  description: "The messages callers to the customer group's noticeboard numbers hear.",
  routes: {
    audioNoticeboards: {
      summary: "The caller's group noticeboards",
      description: 'One per noticeboard number of the group settings, in their order.',
      responses: { 200: json(z.array(AudioNoticeboardSchema), 'The noticeboards.') },
    },
    changeAudioNoticeboard: {
      summary: "Change a noticeboard's message",
      description: 'A number the group does not have, or a blank or over-long message, answers 400 naming the field.',
      body: ChangeAudioNoticeboardRequestSchema,
      responses: { 200: json(AudioNoticeboardSchema, 'The noticeboard as now set.') },
    },
  },
} as const satisfies ApiFeature<keyof typeof AUDIO_NOTICEBOARD_ROUTES>;
