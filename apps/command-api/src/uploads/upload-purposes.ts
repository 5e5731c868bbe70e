import type { FileUploadPurpose } from '@beacon/domain';
import type { UploadRule } from '../shared/uploads/upload-kind';
import { mediaTypeRule } from './media-type-rule';

const MB = 1024 * 1024;

/**
 * What each message upload takes. Email and provider attachments: any type, up to 10 MB (what mail
 * servers commonly accept). SMS attachments travel as MMS: JPEG, PNG or GIF images up to 1 MB, which
 * carriers deliver. Recordings are played on voice calls: audio (WAV, MP3, OGG, …) up to 20 MB.
 */
export const MESSAGE_UPLOAD_RULES: Readonly<Record<FileUploadPurpose, UploadRule>> = {
  email_attachment: { maxBytes: 10 * MB },
  provider_attachment: { maxBytes: 10 * MB },
  sms_attachment: mediaTypeRule({
    maxBytes: 1 * MB,
    types: /^image\/(jpeg|png|gif)$/,
    message: 'SMS attachments must be JPEG, PNG or GIF images.',
  }),
  recording: mediaTypeRule({
    maxBytes: 20 * MB,
    types: /^audio\/[a-z0-9.+-]+$/,
    message: 'A recording must be an audio file, such as WAV, MP3 or OGG.',
  }),
};
