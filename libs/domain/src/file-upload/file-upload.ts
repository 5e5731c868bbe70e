import type { Decider, DomainEvent } from '../shared/decider';
import { validationError } from '../shared/domain-errors';

/**
 * Files uploaded while composing a message (spec part 1 §7 "Uploads": email and SMS attachments,
 * provider attachments, recordings). Each upload is recorded as a fact of its own on stream
 * `file_upload-<key>`, so the activity history knows who uploaded what, and the download call can
 * tell a message file of the caller's organisation from anything else stored under a key.
 */
export const FILE_UPLOAD_PURPOSES = ['email_attachment', 'sms_attachment', 'provider_attachment', 'recording'] as const;
export type FileUploadPurpose = (typeof FILE_UPLOAD_PURPOSES)[number];

export const FILE_UPLOAD_EVENT_VERSIONS = { FileUploaded: 1 } as const;

const MB = 1024 * 1024;

/**
 * The largest file each message upload takes: email and provider attachments 10 MB (what mail servers
 * commonly accept), SMS attachments 1 MB (MMS images carriers deliver), recordings 20 MB. The upload
 * calls enforce them; the builder checks them before sending a file.
 */
export const MESSAGE_UPLOAD_MAX_BYTES: Readonly<Record<FileUploadPurpose, number>> = {
  email_attachment: 10 * MB,
  provider_attachment: 10 * MB,
  sms_attachment: 1 * MB,
  recording: 20 * MB,
};

export const fileUploadStream = (key: string) => `file_upload-${key}`;

/**
 * What a recording is for (the `{x}` of POST /api/upload/recording/{x}): a short lowercase name such
 * as `voice_message`, `answering_machine` or `conference_intro`. Free to grow with the message
 * builder, but never anything that could pass for a path or markup.
 */
export const RECORDING_KIND_PATTERN = /^[a-z0-9]+(?:[_-][a-z0-9]+)*$/;
export const RECORDING_KIND_MAX_LENGTH = 50;
export const RECORDING_KIND_INVALID =
  'Name the kind of recording with up to 50 lowercase letters, digits, "-" or "_" (e.g. "voice_message").';

export const isRecordingKind = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= RECORDING_KIND_MAX_LENGTH && RECORDING_KIND_PATTERN.test(value);

/** The recording kind of a path, or a 400 naming the rule. */
export function requireRecordingKind(value: unknown): string {
  if (!isRecordingKind(value)) throw validationError('The kind of recording is not valid.', { kind: [RECORDING_KIND_INVALID] });
  return value;
}

export interface FileUploadedData {
  key: string;
  /** The organisation whose storage holds the file. */
  tenantId: string;
  name: string;
  size: number;
  contentType: string;
  purpose: FileUploadPurpose;
  /** Recordings only: what the recording is for. */
  recordingKind: string | null;
}

export type FileUploaded = DomainEvent<'FileUploaded', FileUploadedData>;
export type FileUploadEvent = FileUploaded;

export interface RecordFileUpload {
  readonly type: 'RecordFileUpload';
  readonly data: FileUploadedData;
}

export type FileUploadState = { readonly status: 'none' } | { readonly status: 'recorded'; readonly upload: FileUploadedData };

function decideFileUpload(command: RecordFileUpload, state: FileUploadState): FileUploadEvent[] {
  // A key names one file for ever: recording it again changes nothing.
  if (state.status === 'recorded') return [];
  const { purpose, recordingKind } = command.data;
  if (!FILE_UPLOAD_PURPOSES.includes(purpose)) throw validationError(`Unknown upload purpose: ${String(purpose)}.`);
  if (purpose === 'recording') requireRecordingKind(recordingKind);
  const data: FileUploadedData = { ...command.data, recordingKind: purpose === 'recording' ? recordingKind : null };
  return [{ type: 'FileUploaded', data }];
}

export const fileUploadDecider: Decider<RecordFileUpload, FileUploadEvent, FileUploadState> = {
  decide: decideFileUpload,
  evolve: (_state, event) => ({ status: 'recorded', upload: event.data }),
  initialState: () => ({ status: 'none' }),
};
