import type { UploadedAttachmentDto } from '@beacon/contracts';
import {
  ATTACHMENT_LIMITS,
  ATTACHMENTS_PER_CHANNEL_MAX,
  attachmentTotals,
  formatBytes,
  MESSAGE_UPLOAD_MAX_BYTES,
  type ScenarioAttachment,
  type ScenarioDraft,
} from '@beacon/domain';
import { errorText, isApiError } from '../../api/api-error';
import { UPLOAD_FAILED_TEXT } from '../../api/upload-failed-text';

/**
 * The files a message carries (spec part 2 §3 "attachments per channel ... with running sizes and
 * warnings"): each list of the draft's attachments, the upload of a file from this device into one,
 * and the words for what went wrong.
 */

/** The draft's lists of files: the SMS's, the email's, and those linked from both. */
export type AttachmentList = keyof ScenarioDraft['attachments'];

/** A file chosen on this device, waiting for (or in) its upload. */
export interface PendingUpload {
  readonly list: AttachmentList;
  readonly file: File;
}

/** An upload's warning, shown while its file stays attached. */
export interface UploadWarning {
  readonly key: string;
  readonly text: string;
}

/** Spec part 2 §8: the storage could not take the file. */
export { UPLOAD_FAILED_TEXT };


/**
 * What the upload calls take of one file (the domain's MESSAGE_UPLOAD_MAX_BYTES). Shared files are sent
 * as links, so they go up as email attachments: any type.
 */
export const FILE_MAX_BYTES: Readonly<Record<AttachmentList, number>> = {
  email: MESSAGE_UPLOAD_MAX_BYTES.email_attachment,
  sms: MESSAGE_UPLOAD_MAX_BYTES.sms_attachment,
  shared: MESSAGE_UPLOAD_MAX_BYTES.email_attachment,
};

/** Which upload call a list's files go to. */
export const uploadChannelOf = (list: AttachmentList): 'sms' | 'email' => (list === 'sms' ? 'sms' : 'email');

export const tooLargeText = (list: AttachmentList, name: string) => `${name} is larger than ${formatBytes(FILE_MAX_BYTES[list])}.`;
export const tooManyText = (name: string) => `${name} was not attached: at most ${ATTACHMENTS_PER_CHANNEL_MAX} files can be attached here.`;

/** A failed upload in words: too large, a type the channel does not take (the server's words), or the storage's failure. */
export function uploadFailureText(error: unknown, { list, file }: PendingUpload): string {
  if (!isApiError(error) || error.status === 0 || error.status >= 500) return UPLOAD_FAILED_TEXT;
  if (error.status === 413) return tooLargeText(list, file.name);
  if (error.status === 400 || error.status === 415) return `${file.name} was not attached: ${errorText(error)}`;
  return errorText(error);
}

/**
 * The chosen files that may be uploaded into a list, and the words for those that may not: a file
 * larger than its upload takes (no need to send it), or one past the most a list holds.
 */
export function uploadsToQueue(
  draft: Pick<ScenarioDraft, 'attachments'>,
  queue: readonly PendingUpload[],
  list: AttachmentList,
  files: readonly File[],
): { accepted: PendingUpload[]; refused: string[] } {
  let room = ATTACHMENTS_PER_CHANNEL_MAX - draft.attachments[list].length - queue.filter((upload) => upload.list === list).length;
  const accepted: PendingUpload[] = [];
  const refused: string[] = [];
  for (const file of files) {
    if (file.size > FILE_MAX_BYTES[list]) refused.push(tooLargeText(list, file.name));
    else if (room <= 0) refused.push(tooManyText(file.name));
    else {
      accepted.push({ list, file });
      room -= 1;
    }
  }
  return { accepted, refused };
}

/** The draft's entry of an uploaded file: the name and size the storage recorded. */
export function attachmentOf(upload: UploadedAttachmentDto, file: File, customerGroup: string): ScenarioAttachment {
  return {
    attachment_name: upload.name,
    id: upload.key,
    customer_group: customerGroup,
    attachment_key: upload.key,
    attachment_source: 'local_device',
    attachment_size: upload.size ?? file.size,
  };
}

export function withAttachment(draft: ScenarioDraft, list: AttachmentList, attachment: ScenarioAttachment): ScenarioDraft {
  return { ...draft, attachments: { ...draft.attachments, [list]: [...draft.attachments[list], attachment] } };
}

export function withoutAttachment(draft: ScenarioDraft, list: AttachmentList, key: string): ScenarioDraft {
  return { ...draft, attachments: { ...draft.attachments, [list]: draft.attachments[list].filter((attachment) => attachment.attachment_key !== key) } };
}

/** "2 files, 1.4 MB of 25 MB": a list's running size against what its channel accepts (shared files count against neither). */
export function attachmentsSummary(list: AttachmentList, draft: Pick<ScenarioDraft, 'attachments'>): string {
  const count = draft.attachments[list].length;
  if (count === 0) return 'No files attached.';
  const files = `${count} ${count === 1 ? 'file' : 'files'}, ${formatBytes(attachmentTotals(draft)[list])}`;
  return list === 'shared' ? files : `${files} of ${formatBytes(ATTACHMENT_LIMITS[list].maxBytes)}`;
}
