import { MAX_UPLOAD_BYTES } from '../../shared/uploads/upload-limits';

/**
 * How large an attachment may be. Signed-in users attach photos, documents and short videos; guests
 * on a public template page get less, as anyone on the internet can send to it.
 */
export const MAX_ATTACHMENT_BYTES = MAX_UPLOAD_BYTES;
export const MAX_GUEST_ATTACHMENT_BYTES = 10 * 1024 * 1024;
