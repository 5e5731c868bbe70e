import type { RouteDefinition } from './route-table';

/** Audio noticeboards (spec part 2 §7): the messages callers to the group's noticeboard numbers hear. */
export const AUDIO_NOTICEBOARD_ROUTES = {
  audioNoticeboards: { method: 'GET', path: '/api/audio-noticeboards/', app: 'query-api', guard: 'audioNoticeboardSender' },
  changeAudioNoticeboard: { method: 'PATCH', path: '/api/audio-noticeboard/', app: 'command-api', guard: 'audioNoticeboardSender' },
} as const satisfies Record<string, RouteDefinition>;
