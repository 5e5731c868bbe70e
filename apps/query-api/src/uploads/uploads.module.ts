import { Module } from '@nestjs/common';
import { MessageFileHandler } from './message-file.handler';
import { MessageFiles } from './message-files';
import { UploadedFileController } from './uploaded-file.controller';

/** The upload reads: downloads of message files. */
@Module({
  controllers: [UploadedFileController],
  providers: [MessageFiles, MessageFileHandler],
})
export class UploadsModule {}
