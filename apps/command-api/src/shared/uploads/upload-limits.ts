import { PayloadTooLargeException } from '@nestjs/common';
import { validationError } from '@beacon/domain';

const MB = 1024 * 1024;

/**
 * The largest file any upload may be, whatever it is for. The storage address that direct uploads
 * post to reads at most this much; each kind of upload has its own, smaller or equal, limit.
 */
export const MAX_UPLOAD_BYTES = 25 * MB;

/** Largest text of one form field (`file_data`, a signed policy). */
export const MAX_FORM_FIELD_BYTES = 16 * 1024;

/** How long a direct upload's signed fields may be used. */
export const DIRECT_UPLOAD_LIFETIME_MS = 15 * 60 * 1000;

export const megabytes = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

export const fileTooLargeMessage = (maxBytes: number) => `The file is too large. Files of up to ${megabytes(maxBytes)} can be attached.`;
export const NO_FILE_MESSAGE = 'No file was submitted.';
export const EMPTY_FILE_MESSAGE = 'The submitted file is empty.';

/** 413 `{detail, <field>: [detail]}` naming the limit. */
export function fileTooLarge(maxBytes: number, field = 'file'): PayloadTooLargeException {
  const message = fileTooLargeMessage(maxBytes);
  return new PayloadTooLargeException({ detail: message, [field]: [message] });
}

/** 400 under `file`, where the console shows file errors. */
export const fileError = (message: string) => validationError(message, { file: [message] });
