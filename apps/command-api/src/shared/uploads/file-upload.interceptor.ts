import { HttpException, PayloadTooLargeException, type CallHandler, type ExecutionContext, type NestInterceptor, type Type } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Observable } from 'rxjs';
import { validationError } from '@beacon/domain';
import { fileTooLarge, MAX_FORM_FIELD_BYTES } from './upload-limits';

/** The part of multer's file that an upload uses (kept in memory; at most the route's limit). */
export interface ReceivedFile {
  readonly originalname: string;
  readonly mimetype: string;
  readonly size: number;
  readonly buffer: Buffer;
}

/** Multer's errors in the product's shape: 413 `{detail, file}` past the limit, else 400 `{detail}`. */
function uploadError(error: unknown, maxBytes: number): unknown {
  if (error instanceof PayloadTooLargeException) return fileTooLarge(maxBytes);
  if (error instanceof HttpException && error.getStatus() === 400) {
    return validationError(`The upload could not be read (${error.message}). Send one file as "file" and its details as "file_data".`);
  }
  return error;
}

/**
 * Receives the multipart `file` (in memory, refused past `maxBytes`) and the form's text fields
 * (`file_data`; a direct upload's signed fields). Runs after the guards, so nothing is read from a
 * caller who may not upload. A request that is not multipart passes with no file.
 */
export function FileUpload(maxBytes: number): Type<NestInterceptor> {
  const Multer = FileInterceptor('file', {
    limits: { fileSize: maxBytes, files: 1, fields: 8, fieldSize: MAX_FORM_FIELD_BYTES, parts: 10 },
    // Browsers send file names as raw UTF-8.
    defParamCharset: 'utf8',
  });
  class FileUploadInterceptor implements NestInterceptor {
    private readonly multer = new Multer();

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      try {
        return await this.multer.intercept(context, next);
      } catch (error) {
        throw uploadError(error, maxBytes);
      }
    }
  }
  return FileUploadInterceptor;
}
