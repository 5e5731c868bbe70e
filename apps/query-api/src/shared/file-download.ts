import { StreamableFile } from '@nestjs/common';
import type { StoredFile } from '@beacon/file-storage';
import type { Response } from 'express';

/**
 * Answers a stored file as a download of its type and name: always `attachment` and `nosniff`, so an
 * uploaded HTML or SVG file never runs in the console's origin, and never cached by a shared cache.
 */
export function fileAsDownload(response: Response, file: StoredFile): StreamableFile {
  // Express spells the name for the header (a plain fallback plus filename* for any script).
  response.attachment(file.name);
  response.setHeader('Content-Type', file.contentType);
  response.setHeader('Content-Length', String(file.size));
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Cache-Control', 'private, no-store');
  return new StreamableFile(file.bytes);
}
