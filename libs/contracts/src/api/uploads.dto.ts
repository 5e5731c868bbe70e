/**
 * Shapes of the upload calls (spec part 1 §7 "Uploads"). Every upload answers an
 * UploadedAttachmentDto; sent without a file but with the file's description, an upload call answers
 * a DirectUploadDto instead: "a direct form POST to a storage address with the returned fields".
 */
import type { UploadedAttachmentDto } from './incidents.dto';

/**
 * `file_data` of an upload sent without a file: the file that will be posted to the storage address.
 * `size` is exact: the storage refuses a file of any other size.
 */
export interface DirectUploadFileData {
  name: string;
  content_type: string;
  size: number;
}

/**
 * Form fields to post, as they are, with the file (as `file`) to the storage address. `policy` is
 * the upload's terms (base64url JSON: key, name, type, size, expiry and what the upload is for);
 * `signature` is the server's HMAC-SHA256 of it. Changing any of them makes the storage answer 403.
 */
export interface DirectUploadFields {
  key: string;
  content_type: string;
  policy: string;
  signature: string;
}

/** The answer to an upload call sent with a file description instead of a file. */
export interface DirectUploadDto {
  /** The storage's upload address (POST, multipart; answers 204 once the file is stored). */
  url: string;
  fields: DirectUploadFields;
  /** The attachment the file will be once posted (the same an upload with the file would answer). */
  attachment: UploadedAttachmentDto;
}
