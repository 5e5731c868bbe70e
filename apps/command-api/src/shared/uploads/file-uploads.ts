import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ROUTES, type DirectUploadDto, type UploadedAttachmentDto } from '@beacon/contracts';
import {
  DirectUploadSigner,
  FILE_STORAGE,
  newFileKey,
  sanitizeContentType,
  sanitizeFileName,
  type FileStorage,
  type StoredFileMetadata,
} from '@beacon/file-storage';
import type { DirectUploadPolicy } from './direct-upload-terms';
import type { ReceivedFile } from './file-upload.interceptor';
import { directUploadFileData, type FileDataObject } from './upload-file-data';
import { CONTENT_SAMPLE_BYTES, type UploadKind } from './upload-kind';
import { DIRECT_UPLOAD_LIFETIME_MS, EMPTY_FILE_MESSAGE, fileError, fileTooLarge, NO_FILE_MESSAGE } from './upload-limits';

/** The answer of an upload call: the stored file, or the terms of a direct upload. */
export type UploadReceipt =
  | { readonly stored: true; readonly attachment: UploadedAttachmentDto; readonly position: number }
  | { readonly stored: false; readonly direct: DirectUploadDto };

/** A file to keep under its key: its content (read as it is stored), and what the attachment will say of it. */
export interface FileToKeep {
  readonly key: string;
  readonly content: AsyncIterable<Uint8Array>;
  readonly name: string;
  readonly contentType: string;
  readonly createdAt: Date;
}

/** Requires a non-empty file; answers the 400 the console shows under the file otherwise. */
export function requireFile(file: ReceivedFile | undefined): ReceivedFile {
  if (!file) throw fileError(NO_FILE_MESSAGE);
  if (file.size === 0) throw fileError(EMPTY_FILE_MESSAGE);
  return file;
}

/** The first `length` bytes of a file on disk (all of a shorter one). */
async function leadingBytesOf(path: string, length: number): Promise<Buffer> {
  const file = await open(path);
  try {
    const head = Buffer.alloc(length);
    const { bytesRead } = await file.read(head, 0, length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

export const attachmentOf = (stored: StoredFileMetadata, downloadUrl: string): UploadedAttachmentDto => ({
  url: downloadUrl,
  key: stored.key,
  name: stored.name,
  created_at: stored.createdAt,
  size: stored.size,
  content_type: stored.contentType,
});

/**
 * Stores uploaded files of every kind the same way: under a new random key in the organisation's
 * file storage, then records the upload; should the record fail, the file is removed again, so no
 * file exists that the history does not know of. Without a file but with its description, it signs
 * the terms of a direct upload instead (see StorageUploadHandler for the other half).
 */
@Injectable()
export class FileUploads {
  private readonly logger = new Logger('Uploads');

  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(DirectUploadSigner) private readonly signer: DirectUploadSigner,
  ) {}

  /** Whether a file is stored under the key already (a key takes one file, ever), without reading it. */
  isKept(tenantId: string, key: string): Promise<boolean> {
    return this.storage.exists(tenantId, key);
  }

  /** An upload call: the posted file stored, or, for no file but a described one, a direct upload's terms. */
  async receive<C>(kind: UploadKind<C>, tenantId: string, file: ReceivedFile | undefined, fileData: FileDataObject, context: C): Promise<UploadReceipt> {
    if (!file) {
      const described = directUploadFileData(fileData);
      if (described) return { stored: false, direct: this.grant(kind, tenantId, described, context) };
    }
    const received = requireFile(file);
    const rule = kind.rule(context);
    if (received.size > rule.maxBytes) throw fileTooLarge(rule.maxBytes);
    const contentType = rule.checkContent ? await rule.checkContent(await leadingBytesOf(received.path, CONTENT_SAMPLE_BYTES)) : received.mimetype;
    const toKeep = { key: newFileKey(), content: createReadStream(received.path), name: received.originalname, contentType, createdAt: new Date() };
    const { stored, position } = await this.keep(kind, tenantId, toKeep, context);
    return { stored: true, attachment: attachmentOf(stored, kind.downloadUrl(stored.key)), position };
  }

  /**
   * Stores a file under its key (its content streamed as it is read; its error, if it fails, is the
   * rejection), then records it (removing it again if the record fails).
   */
  async keep<C>(kind: UploadKind<C>, tenantId: string, file: FileToKeep, context: C): Promise<{ stored: StoredFileMetadata; position: number }> {
    const options = { name: file.name, contentType: file.contentType, createdAt: file.createdAt };
    const stored = await this.storage.putStream(tenantId, file.key, file.content, options);
    try {
      const position = await kind.record({ tenantId, stored, context, acceptedAt: file.createdAt });
      return { stored, position };
    } catch (error) {
      await this.storage.delete(tenantId, file.key).catch((cleanup: unknown) => this.logger.error(`Could not remove ${file.key}: ${String(cleanup)}`));
      throw error;
    }
  }

  /** Signed terms for posting the described file to the storage address, and the attachment it will be. */
  private grant<C>(kind: UploadKind<C>, tenantId: string, file: { name: string; content_type: string; size: number }, context: C): DirectUploadDto {
    const rule = kind.rule(context);
    if (file.size > rule.maxBytes) throw fileTooLarge(rule.maxBytes, 'size');
    const contentType = sanitizeContentType(file.content_type);
    rule.checkDeclaredType?.(contentType);
    const now = new Date();
    const policy: DirectUploadPolicy = {
      expiration: new Date(now.getTime() + DIRECT_UPLOAD_LIFETIME_MS).toISOString(),
      tenant: tenantId,
      key: newFileKey(),
      name: sanitizeFileName(file.name),
      content_type: contentType,
      size: file.size,
      created_at: now.toISOString(),
      kind: kind.name,
      context,
    };
    const signed = this.signer.sign(policy);
    return {
      url: ROUTES.storageUpload.path,
      fields: { key: policy.key, content_type: policy.content_type, policy: signed.policy, signature: signed.signature },
      attachment: {
        url: kind.downloadUrl(policy.key),
        key: policy.key,
        name: policy.name,
        created_at: policy.created_at,
        size: policy.size,
        content_type: policy.content_type,
      },
    };
  }
}
