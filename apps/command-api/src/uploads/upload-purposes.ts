import { MESSAGE_UPLOAD_MAX_BYTES, type FileUploadPurpose } from '@beacon/domain';
import type { UploadRule } from '../shared/uploads/upload-kind';
import { mediaTypeRule } from './media-type-rule';


/**
 * What each message upload takes. Email and provider attachments: any type, up to 10 MB (what mail
 * servers commonly accept). SMS attachments travel as MMS: JPEG, PNG or GIF images up to 1 MB, which
 * carriers deliver. Recordings are played on voice calls: audio (WAV, MP3, OGG, …) up to 20 MB.
 */
export const MESSAGE_UPLOAD_RULES: Readonly<Record<FileUploadPurpose, UploadRule>> = {
  email_attachment: { maxBytes: MESSAGE_UPLOAD_MAX_BYTES.email_attachment },
  provider_attachment: { maxBytes: MESSAGE_UPLOAD_MAX_BYTES.provider_attachment },
  sms_attachment: mediaTypeRule({
    maxBytes: MESSAGE_UPLOAD_MAX_BYTES.sms_attachment,
    types: /^image\/(jpeg|png|gif)$/,
    message: 'SMS attachments must be JPEG, PNG or GIF images.',
  }),
  recording: mediaTypeRule({
    maxBytes: MESSAGE_UPLOAD_MAX_BYTES.recording,
    types: /^audio\/[a-z0-9.+-]+$/,
    message: 'A recording must be an audio file, such as WAV, MP3 or OGG.',
  }),
};
