/**
 * Uploads (uploads.routes.ts, and the incident attachment uploads of incidents.routes.ts): multipart
 * `file` with an optional `file_data` (JSON text), or, for a direct upload to storage, no file and the
 * file's description in `file_data` (multipart or a JSON body).
 */
import { RECORDING_KIND_MAX_LENGTH, RECORDING_KIND_PATTERN } from '@beacon/domain';
import { z } from 'zod';
import type { UPLOADS_ROUTES } from '../routes/uploads.routes';
import { API_SCHEMA_REGISTRY, described, named, type ApiAnswer, type ApiFeature } from './api-schema';

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const UploadedAttachmentSchema = named(
  'UploadedAttachment',
  z.object({
    url: described(z.string(), 'Where the file is downloaded.'),
    key: z.string(),
    name: z.string(),
    created_at: z.string(),
    size: z.number().optional(),
    content_type: z.string().optional(),
    warnings: described(
      z.array(z.string()).optional(),
      'Message uploads only, when the file is large enough that some recipients may not get it (an SMS image above 600 KB).',
    ),
  }),
  'An uploaded file; attachment values of incidents hold these.',
);

export const DirectUploadSchema = named(
  'DirectUpload',
  z.object({
    url: described(z.string(), "The storage's upload address: POST the fields, then the file as `file` (multipart); 204 once stored."),
    fields: described(
      z.object({ key: z.string(), content_type: z.string(), policy: z.string(), signature: z.string() }),
      'Send them as they are: changing any answers 403.',
    ),
    attachment: UploadedAttachmentSchema,
  }),
  'The terms of a direct upload: what to post to the storage address, and the attachment the file will be.',
);

/** The answers of every upload call. */
export const UPLOAD_ANSWERS: Readonly<Record<number, ApiAnswer>> = {
  201: { description: 'The file is stored.', schema: UploadedAttachmentSchema },
  200: { description: 'Sent without a file but with its description in file_data: the terms of a direct upload.', schema: DirectUploadSchema },
};

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** The description of a file that a direct upload will post (apps/command-api upload-file-data.ts). */
export const DIRECT_UPLOAD_FIELDS = {
  name: z.string().max(1000).nullable().optional(),
  content_type: z.string().max(255).nullable().optional(),
  size: described(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER), 'The exact size in bytes: the storage refuses any other.').nullable().optional(),
};

export const DIRECT_UPLOAD_NOTE =
  'Without a file: name, content_type and size (all three) ask for a direct upload instead; with a file they are not read.';

export const MessageFileDataSchema = named(
  'MessageFileData',
  z.object(DIRECT_UPLOAD_FIELDS),
  DIRECT_UPLOAD_NOTE,
);

/** An upload's multipart form: the file, and file_data as JSON text of `fileData`. */
export const uploadForm = (fileData: z.ZodType, fileRequired: boolean) =>
  z.object({
    file: fileRequired ? z.file() : z.file().optional(),
    file_data: described(z.string(), `JSON text of ${API_SCHEMA_REGISTRY.get(fileData)?.id ?? 'an object'}.`).optional(),
  });

/** The message of a `file_data` that is not a JSON object (or JSON text of one). */
export const FILE_DATA_INVALID = 'Enter the file details as a JSON object.';
/** The detail of an upload whose `file_data` is refused. */
export const FILE_DATA_DETAIL = 'The file details are not valid JSON.';

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What every upload route reads of its body, multipart or JSON: `file_data`, JSON text or an object,
 * as an object (`{}` when left out, null or blank). Its members are checked by the upload, which
 * names each (the ids it is for, or the file a direct upload will send).
 */
export const UploadBodySchema = z.object({
  file_data: z
    .union([z.string(), z.record(z.string(), z.unknown())], { error: FILE_DATA_INVALID })
    .nullable()
    .optional()
    .transform((raw, context): Readonly<Record<string, unknown>> => {
      if (raw === undefined || raw === null || (typeof raw === 'string' && !raw.trim())) return {};
      if (typeof raw !== 'string') return raw;
      try {
        const parsed: unknown = JSON.parse(raw);
        if (isObject(parsed)) return parsed;
      } catch {
        // Not JSON: refused below, as JSON of anything but an object is.
      }
      context.addIssue({ code: 'custom', message: FILE_DATA_INVALID, input: raw });
      return z.NEVER;
    }),
});

/** The same as a JSON body (a direct upload needs no file): file_data as an object, or JSON text. */
export const uploadJsonBody = (fileData: z.ZodType) => z.object({ file_data: z.union([fileData, z.string()]).nullable().optional() });

export const MessageUploadFormSchema = named('MessageUploadForm', uploadForm(MessageFileDataSchema, false));
export const MessageUploadJsonSchema = named('MessageUploadJson', uploadJsonBody(MessageFileDataSchema));

export const StorageUploadFormSchema = named(
  'StorageUploadForm',
  z.object({
    key: z.string(),
    content_type: z.string(),
    policy: z.string(),
    signature: z.string(),
    file: z.file(),
  }),
  'The fields a direct upload answered, as they are and first, then the file as `file`, last.',
);

export const RecordingParamsSchema = z.object({
  kind: described(
    z.string().max(RECORDING_KIND_MAX_LENGTH).regex(RECORDING_KIND_PATTERN),
    'What the recording is for: up to 50 lowercase letters and digits, joined by "-" or "_" (e.g. voice_message).',
  ),
});

const messageUpload = (summary: string, description: string) => ({
  summary,
  description: `${description} ${DIRECT_UPLOAD_NOTE}`,
  multipart: MessageUploadFormSchema,
  body: MessageUploadJsonSchema,
  responses: UPLOAD_ANSWERS,
});

export const UPLOADS_API = {
  tag: 'Uploads',
  description: 'Files for messages (email and SMS attachments, provider attachments, recordings), their download, and the storage address of direct uploads.',
  routes: {
    uploadEmailAttachment: messageUpload('Upload an email attachment', 'Any type, up to 10 MB.'),
    uploadSmsAttachment: messageUpload('Upload an SMS (MMS) attachment', 'A JPEG, PNG or GIF image up to 1 MB.'),
    uploadProviderAttachment: messageUpload('Upload a provider attachment', 'Any type, up to 10 MB.'),
    uploadRecording: { ...messageUpload('Upload a recording', 'Audio up to 20 MB.'), params: RecordingParamsSchema },
    uploadedFile: {
      summary: 'Download a message file',
      description: "Always as a download. Another organisation's key answers 404.",
      responses: { 200: { description: 'The file, of its own type.', file: '*/*' } },
    },
    storageUpload: {
      summary: 'Post a file to storage (direct upload)',
      description: 'The signed fields are the authorisation: changed or expired fields answer 403, a file of another size 400 or 413.',
      multipart: StorageUploadFormSchema,
      responses: { 204: { description: 'The file is stored.' } },
      errors: { 403: { description: 'The fields were changed or have expired.' } },
    },
  },
} as const satisfies ApiFeature<keyof typeof UPLOADS_ROUTES>;
