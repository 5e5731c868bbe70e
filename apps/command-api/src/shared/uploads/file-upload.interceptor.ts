import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpException, PayloadTooLargeException, type CallHandler, type ExecutionContext, type NestInterceptor, type Type } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { finalize, type Observable } from 'rxjs';
import { validationError } from '@beacon/domain';
import { fileTooLarge, MAX_FORM_FIELD_BYTES } from './upload-limits';

/** The part of multer's file that an upload uses: written to disk as it arrived (at most the route's limit). */
export interface ReceivedFile {
  readonly originalname: string;
  readonly mimetype: string;
  readonly size: number;
  /** The file on disk until the call is answered (then removed). */
  readonly path: string;
}

/**
 * Where posted files wait while their call is served, under random names. Not in the file storage:
 * the form may name the organisation (a guest's `file_data.subdomain`) only after the file, and a file
 * that is refused must never be seen there. Whatever a crash leaves behind the system's cleaning of
 * temporary files removes.
 */
export const UPLOAD_SPOOL_DIRECTORY = join(tmpdir(), 'beacon-uploads');

/** Multer's destination: made again if need be, as the system's cleaning may remove a folder left empty long enough. */
function spoolDirectory(_request: unknown, _file: unknown, done: (error: Error | null, directory?: string) => void): void {
  mkdir(UPLOAD_SPOOL_DIRECTORY, { recursive: true }).then(() => done(null, UPLOAD_SPOOL_DIRECTORY), done);
}

/** Removes a received file once its call is answered; one that cannot be removed is left to the system's cleaning. */
function removeReceived(file: ReceivedFile | undefined): void {
  if (file) rm(file.path, { force: true }).catch(() => undefined);
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
 * Receives the multipart `file` and the form's text fields (`file_data`; a direct upload's signed fields).
 * The file is written to disk as it arrives, never held in memory, and refused (413) the moment it grows
 * past `maxBytes` (multer then removes what it wrote); once the call is answered it is removed. Runs after
 * the guards, so nothing is read from a caller who may not upload. A request that is not multipart passes
 * with no file.
 */
export function FileUpload(maxBytes: number): Type<NestInterceptor> {
  const Multer = FileInterceptor('file', {
    dest: spoolDirectory,
    limits: { fileSize: maxBytes, files: 1, fields: 8, fieldSize: MAX_FORM_FIELD_BYTES, parts: 10 },
    // Browsers send file names as raw UTF-8.
    defParamCharset: 'utf8',
  });
  class FileUploadInterceptor implements NestInterceptor {
    private readonly multer = new Multer();

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      let answered: Observable<unknown>;
      try {
        answered = await this.multer.intercept(context, next);
      } catch (error) {
        throw uploadError(error, maxBytes);
      }
      const { file } = context.switchToHttp().getRequest<{ file?: ReceivedFile }>();
      return answered.pipe(finalize(() => removeReceived(file)));
    }
  }
  return FileUploadInterceptor;
}
