import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import busboy from 'busboy';
import { validationError } from '@beacon/domain';
import { MAX_FORM_FIELD_BYTES, MAX_UPLOAD_BYTES } from '../shared/uploads/upload-limits';

export const FIELDS_AFTER_FILE_MESSAGE = 'The upload fields came after the file. Send the fields the upload call answered first and the file last.';
export const FILE_PART_MESSAGE = 'Send the file as "file", after the fields the upload call answered.';
export const ONE_FILE_MESSAGE = 'Send one file only.';

/** The text fields of a form, as they were posted. */
export type FormFields = Readonly<Record<string, unknown>>;

/**
 * Takes a form's fields as soon as its file begins (before any of the file is read), and the file
 * as it arrives, which it must read to its end or refuse. The file's end comes only once the whole
 * form has been read and nothing followed it; it fails (400) if anything did or the form was cut short.
 */
export type FieldsThenFileReceiver<T> = (fields: FormFields, file: Readable | undefined) => Promise<T>;

/** The request of a form; a JSON or urlencoded body was already read by the body parser. */
export type FormRequest = IncomingMessage & { readonly body?: unknown };

/**
 * How much of a refused form is still read (and thrown away) so that its sender gets to read the
 * answer, as a browser does only once it has sent everything; past it the connection is closed.
 */
const DISCARDED_BYTES_LIMIT = MAX_UPLOAD_BYTES + 1024 * 1024;

const isMultipart = (request: IncomingMessage) => /^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '');

const bodyFields = (body: unknown): FormFields => (typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as FormFields) : {});

const unreadable = (reason: string) =>
  validationError(`The upload could not be read (${reason}). Send the fields the upload call answered, then the file as "file".`);

const ignore = () => undefined;

/**
 * Reads a multipart form the way an object store reads a presigned POST: text fields first, then one
 * file named `file`, last. The fields go to `receive` the moment the file part begins, so a form its
 * fields refuse is answered at once without keeping any of its file (the rest of it is read and thrown
 * away, up to a limit). The file is then passed on as a stream, never held whole. A request that is
 * not multipart passes the fields of its parsed body and no file.
 */
export function receiveFieldsThenFile<T>(request: FormRequest, receive: FieldsThenFileReceiver<T>): Promise<T> {
  if (!isMultipart(request)) return receive(bodyFields(request.body), undefined);
  return new Promise<T>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: request.headers,
        limits: { fields: 8, fieldSize: MAX_FORM_FIELD_BYTES, files: 1, parts: 10 },
        // Browsers send file names as raw UTF-8.
        defParamCharset: 'utf8',
      });
    } catch (error) {
      reject(unreadable((error as Error).message));
      return;
    }
    // Keyed by the names the sender chose: a part named "__proto__" must be a field like any other.
    const fields = Object.create(null) as Record<string, string>;
    let file: PassThrough | undefined;
    let settled = false;

    const settle = (outcome: () => Promise<T>) => {
      if (settled) return;
      settled = true;
      Promise.resolve()
        .then(outcome)
        .then(resolve, (error: unknown) => {
          file?.destroy();
          discardRest(request, parser);
          reject(error);
        });
    };
    /** Refuses the form: through the file, if it is being received, else straight away. */
    const refuse = (error: Error) => {
      if (file) file.destroy(error);
      else settle(() => Promise.reject(error));
    };

    parser.on('field', (name, value, info) => {
      if (file) return refuse(validationError(FIELDS_AFTER_FILE_MESSAGE));
      if (info.valueTruncated) return refuse(unreadable(`the field "${name}" is too long`));
      fields[name] = value;
    });
    parser.on('file', (name, stream) => {
      if (name !== 'file') {
        stream.resume();
        return refuse(validationError(FILE_PART_MESSAGE));
      }
      const content = new PassThrough();
      // Errors reach whoever reads the file; once nobody does, they have nothing left to say.
      content.on('error', ignore);
      stream.on('error', (error: Error) => content.destroy(unreadable(error.message)));
      // The file ends with the form, so that whatever follows it can still refuse it.
      stream.pipe(content, { end: false });
      file = content;
      settle(() => receive({ ...fields }, content));
    });
    parser.on('filesLimit', () => refuse(validationError(ONE_FILE_MESSAGE)));
    parser.on('fieldsLimit', () => refuse(unreadable('too many fields')));
    parser.on('partsLimit', () => refuse(unreadable('too many parts')));
    parser.on('error', (error: Error) => refuse(unreadable(error.message)));
    parser.on('close', () => {
      if (file) {
        if (!file.destroyed) file.end();
      } else {
        settle(() => receive({ ...fields }, undefined));
      }
    });
    request.on('error', ignore);
    request.on('close', () => {
      if (!request.complete) refuse(unreadable('the request ended before the form did'));
    });
    request.pipe(parser);
  });
}

/** Stops parsing a refused form and throws the rest of it away as it arrives, closing the connection past the limit. */
function discardRest(request: IncomingMessage, parser: busboy.Busboy): void {
  request.unpipe(parser);
  parser.destroy();
  if (request.complete || request.destroyed) return;
  let discarded = 0;
  request.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARDED_BYTES_LIMIT) request.destroy();
  });
  request.resume();
}
