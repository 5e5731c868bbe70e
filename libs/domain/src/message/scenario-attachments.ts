import type { ScenarioAttachment, ScenarioDraft } from './scenario-draft';

/**
 * Files a message carries (spec part 2 §3 "attachments per channel ... with running sizes and
 * warnings"). The spec leaves the limits open: ours follow what mail servers and carriers accept.
 * An email above 10 MB of files is refused by some mail servers (a warning); above 25 MB by most
 * (Gmail, Outlook: refused). An SMS attachment travels as MMS: carriers commonly deliver up to
 * 600 KB (a warning above) and few above 1 MB (refused). Shared files are sent as links, so they
 * count against neither.
 */
const KB = 1024;
const MB = 1024 * KB;
export const ATTACHMENT_LIMITS = {
  email: { warnAbove: 10 * MB, maxBytes: 25 * MB },
  sms: { warnAbove: 600 * KB, maxBytes: 1 * MB },
} as const;
export const ATTACHMENTS_PER_CHANNEL_MAX = 10;
export const SMS_ATTACHMENT_TYPES = /^image\/(jpeg|png|gif)$/;

export const MEDIA_LIBRARY_NOT_YET = 'Files from the media library can be attached once the media library is available; attach a file from this device.';
export const attachmentNotUploaded = (name: string) => `The attachment "${name}" was not uploaded here.`;
export const attachmentsTooLarge = (channel: string, max: number) => `${channel} attachments add up to more than ${formatBytes(max)}, which is refused.`;
export const attachmentsLarge = (channel: string, warnAbove: number) =>
  `${channel} attachments add up to more than ${formatBytes(warnAbove)}: some recipients' ${channel === 'SMS' ? 'carriers' : 'mail servers'} may refuse them.`;

/** What the organisation's storage recorded of an upload. */
export interface RecordedUpload {
  readonly name: string;
  readonly size: number;
  readonly contentType: string;
}

export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${Math.round((bytes / MB) * 10) / 10} MB`;
  if (bytes >= KB) return `${Math.round(bytes / KB)} KB`;
  return `${bytes} bytes`;
}

const total = (attachments: readonly ScenarioAttachment[]) => attachments.reduce((sum, attachment) => sum + attachment.attachment_size, 0);

/** The running size of each channel's files. */
export function attachmentTotals(draft: Pick<ScenarioDraft, 'attachments'>): { sms: number; email: number; shared: number } {
  return { sms: total(draft.attachments.sms), email: total(draft.attachments.email), shared: total(draft.attachments.shared) };
}

/** Sizes that may keep a message from some recipients, in words (the builder shows them; saving is still allowed). */
export function attachmentWarnings(draft: Pick<ScenarioDraft, 'attachments'>): string[] {
  const totals = attachmentTotals(draft);
  const warnings: string[] = [];
  if (totals.email > ATTACHMENT_LIMITS.email.warnAbove && totals.email <= ATTACHMENT_LIMITS.email.maxBytes) warnings.push(attachmentsLarge('Email', ATTACHMENT_LIMITS.email.warnAbove));
  if (totals.sms > ATTACHMENT_LIMITS.sms.warnAbove && totals.sms <= ATTACHMENT_LIMITS.sms.maxBytes) warnings.push(attachmentsLarge('SMS', ATTACHMENT_LIMITS.sms.warnAbove));
  return warnings;
}

/** A single upload's warnings: an SMS image above what carriers commonly deliver as MMS. */
export function uploadSizeWarnings(purpose: string, size: number): string[] {
  return purpose === 'sms_attachment' && size > ATTACHMENT_LIMITS.sms.warnAbove ? [attachmentsLarge('SMS', ATTACHMENT_LIMITS.sms.warnAbove)] : [];
}

/** Each attachment with the name and size its upload recorded (a caller's claim of either is not kept). */
export function withRecordedUploads(draft: ScenarioDraft, uploads: ReadonlyMap<string, RecordedUpload>): ScenarioDraft {
  const recorded = (list: readonly ScenarioAttachment[]) =>
    list.map((attachment) => {
      const upload = uploads.get(attachment.attachment_key);
      return upload ? { ...attachment, attachment_name: upload.name, attachment_size: upload.size } : attachment;
    });
  return { ...draft, attachments: { sms: recorded(draft.attachments.sms), email: recorded(draft.attachments.email), shared: recorded(draft.attachments.shared) } };
}

/** Problems of the draft's files: not uploaded here, from the media library, too many, too large, not an MMS image. */
export function attachmentErrors(draft: ScenarioDraft, uploads: ReadonlyMap<string, RecordedUpload>): string[] {
  const errors: string[] = [];
  for (const [channel, list] of [
    ['SMS', draft.attachments.sms],
    ['Email', draft.attachments.email],
    ['Shared', draft.attachments.shared],
  ] as const) {
    if (list.length > ATTACHMENTS_PER_CHANNEL_MAX) errors.push(`${channel}: at most ${ATTACHMENTS_PER_CHANNEL_MAX} attachments.`);
    for (const attachment of list) {
      if (attachment.attachment_source === 'media_library') {
        errors.push(MEDIA_LIBRARY_NOT_YET);
        continue;
      }
      const upload = uploads.get(attachment.attachment_key);
      if (!upload) errors.push(attachmentNotUploaded(attachment.attachment_name));
      else if (channel === 'SMS' && !SMS_ATTACHMENT_TYPES.test(upload.contentType)) errors.push(`SMS attachments must be JPEG, PNG or GIF images ("${upload.name}").`);
    }
  }
  const totals = attachmentTotals(draft);
  if (totals.email > ATTACHMENT_LIMITS.email.maxBytes) errors.push(attachmentsTooLarge('Email', ATTACHMENT_LIMITS.email.maxBytes));
  if (totals.sms > ATTACHMENT_LIMITS.sms.maxBytes) errors.push(attachmentsTooLarge('SMS', ATTACHMENT_LIMITS.sms.maxBytes));
  return [...new Set(errors)];
}
