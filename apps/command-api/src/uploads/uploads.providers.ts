import type { Provider, Type } from '@nestjs/common';
import { DirectUploadSigner, loadStorageSigningSecret, uploadsDirectory } from '@beacon/file-storage';
import { PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';
import { UploadIncidentAttachmentHandler } from '../incidents/uploads/upload-incident-attachment.handler';
import { FileUploads } from '../shared/uploads/file-uploads';
import { UPLOAD_KINDS, type UploadKind } from '../shared/uploads/upload-kind';
import { StorageUploadController } from './storage-upload.controller';
import { StorageUploadHandler } from './storage-upload.handler';
import { UploadMessageFileHandler } from './upload-message-file.handler';
import { UploadsController } from './uploads.controller';

/**
 * Controllers and providers of the message upload calls and the storage address, and the upload
 * machinery every kind of upload shares (FileUploads, the direct upload signer). Each kind of upload
 * is listed in UPLOAD_KINDS so the storage address can finish its direct uploads.
 */
export const UPLOADS_CONTROLLERS: Type[] = [UploadsController, StorageUploadController];
export const UPLOADS_PROVIDERS: Provider[] = [
  {
    provide: DirectUploadSigner,
    inject: [PLATFORM_CONFIG],
    useFactory: async (config: PlatformConfig) =>
      new DirectUploadSigner(await loadStorageSigningSecret({ uploadsDir: uploadsDirectory(config.dataDir), configuredSecret: config.storageSigningSecret })),
  },
  FileUploads,
  UploadMessageFileHandler,
  StorageUploadHandler,
  {
    provide: UPLOAD_KINDS,
    inject: [UploadIncidentAttachmentHandler, UploadMessageFileHandler],
    useFactory: (...kinds: UploadKind<unknown>[]): readonly UploadKind<unknown>[] => kinds,
  },
];
