/**
 * How large an attachment may be. Signed-in users attach photos, documents and short videos; guests
 * on a public template page get less, as anyone on the internet can send to it.
 */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;
export const MAX_GUEST_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/** Largest `file_data` JSON text accepted. */
export const MAX_FILE_DATA_BYTES = 16 * 1024;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export const fileTooLargeMessage = (maxBytes: number) => `The file is too large. Files of up to ${megabytes(maxBytes)} can be attached.`;
export const NO_FILE_MESSAGE = 'No file was submitted.';
export const EMPTY_FILE_MESSAGE = 'The submitted file is empty.';
