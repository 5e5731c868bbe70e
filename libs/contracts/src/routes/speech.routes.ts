import type { RouteDefinition } from './route-table';

/**
 * The message builder's catalogues and its text-to-speech preview (spec part 2 §7 "POST
 * /api/translations (keys); POST /api/ttsaudio/"). Both only read, so query-api serves them.
 * Translations has no trailing slash: the spec spells it so.
 */
export const SPEECH_ROUTES = {
  translations: { method: 'POST', path: '/api/translations', app: 'query-api', read: true, guard: 'signedIn' },
  ttsAudio: { method: 'POST', path: '/api/ttsaudio/', app: 'query-api', read: true, guard: 'adminOperatorSender' },
} as const satisfies Record<string, RouteDefinition>;
