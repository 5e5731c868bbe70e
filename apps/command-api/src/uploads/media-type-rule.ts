import { FileTypeValidator } from '@nestjs/common';
import { fileError } from '../shared/uploads/upload-limits';
import type { UploadRule } from '../shared/uploads/upload-kind';

export interface MediaTypeRuleOptions {
  readonly maxBytes: number;
  /** The media types taken, matched against the type the bytes have (and a direct upload's declared type). */
  readonly types: RegExp;
  /** The 400 for anything else, naming what is taken. */
  readonly message: string;
}

/**
 * A rule taking only some media types, judged by the file's bytes (its magic numbers, read by the
 * file-type package through Nest's FileTypeValidator), not by the name or the type the client
 * declared: a renamed or mislabelled file is refused, and a file is stored with the type its bytes
 * have. A direct upload's declared type is checked before any byte is sent, its first bytes once they are.
 */
export function mediaTypeRule({ maxBytes, types, message }: MediaTypeRuleOptions): UploadRule {
  const validator = new FileTypeValidator({ fileType: types, overrideMimeType: true });
  return {
    maxBytes,
    checkDeclaredType(contentType) {
      if (!types.test(contentType)) throw fileError(message);
    },
    async checkContent(head) {
      const probe = { mimetype: '', size: head.length, buffer: head };
      if (!(await validator.isValid(probe))) throw fileError(message);
      return probe.mimetype;
    },
  };
}
