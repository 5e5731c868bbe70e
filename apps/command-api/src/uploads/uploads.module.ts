import { Module } from '@nestjs/common';
import { StorageUploadController } from './storage-upload.controller';
import { StorageUploadHandler } from './storage-upload.handler';
import { UploadMessageFileHandler } from './upload-message-file.handler';
import { UploadsController } from './uploads.controller';

/** The message upload calls and the storage address that finishes direct uploads of any kind. */
@Module({
  controllers: [UploadsController, StorageUploadController],
  providers: [UploadMessageFileHandler, StorageUploadHandler],
})
export class UploadsModule {}
