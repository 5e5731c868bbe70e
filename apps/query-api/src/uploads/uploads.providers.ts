import type { Provider, Type } from '@nestjs/common';
import { MessageFileHandler } from './message-file.handler';
import { MessageFiles } from './message-files';
import { UploadedFileController } from './uploaded-file.controller';

/** Controllers and providers of the upload calls this app serves (downloads of message files). */
export const UPLOADS_CONTROLLERS: Type[] = [UploadedFileController];
export const UPLOADS_PROVIDERS: Provider[] = [MessageFiles, MessageFileHandler];
