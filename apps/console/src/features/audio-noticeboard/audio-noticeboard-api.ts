import { ROUTES, type AudioNoticeboardDto, type ChangeAudioNoticeboardRequestSchema } from '@beacon/contracts';
import type { z } from 'zod';
import type { ApiClient } from '../../api/api-client';

/** PATCH /api/audio-noticeboard/ as the contract's schema accepts it. */
export type ChangeAudioNoticeboardRequest = z.input<typeof ChangeAudioNoticeboardRequestSchema>;

/** The calls the audio noticeboard screens make (spec part 2 §7, audio noticeboards). */
export interface AudioNoticeboardApi {
  /** One per noticeboard number of the user's own customer group, message "" until one is set. */
  audioNoticeboards(): Promise<AudioNoticeboardDto[]>;
  changeAudioNoticeboard(request: ChangeAudioNoticeboardRequest): Promise<AudioNoticeboardDto>;
}

/** The audio noticeboard calls over the API client's generic `send`. */
export function audioNoticeboardApi(api: ApiClient): AudioNoticeboardApi {
  return {
    audioNoticeboards: () => api.send(ROUTES.audioNoticeboards.method, ROUTES.audioNoticeboards.path),
    changeAudioNoticeboard: (request) => api.send(ROUTES.changeAudioNoticeboard.method, ROUTES.changeAudioNoticeboard.path, request),
  };
}
