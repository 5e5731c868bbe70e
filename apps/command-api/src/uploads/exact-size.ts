import { PayloadTooLargeException } from '@nestjs/common';
import { EMPTY_FILE_MESSAGE, fileError } from '../shared/uploads/upload-limits';

/**
 * The content, passed on as it arrives, of a file that must be exactly `size` bytes (as a direct
 * upload's terms sign it): fails with 413 the moment it grows past the size, so no more of it is read,
 * and with 400 if it ends empty or short.
 */
export async function* exactSize(content: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  let received = 0;
  for await (const chunk of content) {
    received += chunk.length;
    if (received > size) {
      const message = `The file is too large: the upload was signed for a file of ${size} bytes.`;
      throw new PayloadTooLargeException({ detail: message, file: [message] });
    }
    yield chunk;
  }
  if (received === 0) throw fileError(EMPTY_FILE_MESSAGE);
  if (received !== size) throw fileError(`The file is ${received} bytes, not the ${size} bytes the upload was signed for.`);
}
