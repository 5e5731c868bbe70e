import type { RouteDefinition } from './route-table';

/**
 * Files for message composition (spec part 1 §7 "Uploads"), the download of those files, and the
 * storage address that direct uploads post to. The paths keep the spec's spelling: the email and SMS
 * attachment calls have no trailing slash.
 */
export const UPLOADS_ROUTES = {
  uploadEmailAttachment: { method: 'POST', path: '/api/upload/email_attachment', app: 'command-api', guard: 'adminOperatorSender' },
  uploadSmsAttachment: { method: 'POST', path: '/api/upload/sms_attachment', app: 'command-api', guard: 'adminOperatorSender' },
  uploadProviderAttachment: {
    method: 'POST',
    path: '/api/upload/provider_attachment/',
    app: 'command-api',
    guard: 'adminOperatorSender',
  },
  /** `:kind` is what the recording is for: a short lowercase name such as `voice_message`. */
  uploadRecording: { method: 'POST', path: '/api/upload/recording/:kind', app: 'command-api', guard: 'adminOperatorSender' },
  /** A message file's content, by the key its upload answered. */
  uploadedFile: { method: 'GET', path: '/api/upload/file/:key/', app: 'query-api', guard: 'adminOperatorSender' },
  /** Public: the signed fields a direct upload answered are the authorisation. Answers 204. */
  storageUpload: { method: 'POST', path: '/api/storage/upload/', app: 'command-api', public: true },
} as const satisfies Record<string, RouteDefinition>;
