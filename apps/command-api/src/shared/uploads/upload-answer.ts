import { HttpStatus } from '@nestjs/common';
import type { DirectUploadDto, UploadedAttachmentDto } from '@beacon/contracts';
import { exposePosition } from '../event-position';
import type { UploadReceipt } from './file-uploads';

type Response = Parameters<typeof exposePosition>[0] & { status(code: number): unknown };

/** 201 with the stored attachment (and its event position), or 200 with a direct upload's terms. */
export function answerUpload(response: Response, receipt: UploadReceipt): UploadedAttachmentDto | DirectUploadDto {
  if (!receipt.stored) {
    response.status(HttpStatus.OK);
    return receipt.direct;
  }
  exposePosition(response, receipt.position);
  return receipt.attachment;
}
