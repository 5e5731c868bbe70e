import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { conflict, forbidden } from '@beacon/domain';
import { DirectUploadRefusedError, DirectUploadSigner, FileKeyTakenError } from '@beacon/file-storage';
import type { DirectUploadPolicy } from '../shared/uploads/direct-upload-terms';
import { FileUploads } from '../shared/uploads/file-uploads';
import { CONTENT_SAMPLE_BYTES, type UploadKind } from '../shared/uploads/upload-kind';
import { UploadKinds } from '../shared/uploads/upload-kinds';
import { fileError, NO_FILE_MESSAGE } from '../shared/uploads/upload-limits';
import { exactSize } from './exact-size';
import type { FormFields } from './fields-then-file-form';
import { leadingBytes } from './leading-bytes';
import { StorageUploadCommand } from './storage-upload.command';

export const FIELDS_CHANGED_MESSAGE = 'The upload fields do not match their signature. Send them as the upload call answered them.';
export const UPLOAD_USED_MESSAGE = 'This upload has already been used. Ask for a new upload address to send another file.';

/** Signed terms the storage address accepted, and the kind of upload they finish. */
interface AcceptedUpload {
  readonly policy: DirectUploadPolicy;
  readonly kind: UploadKind<unknown>;
}

/**
 * The storage address's half of a direct upload. Given the fields as the file begins, before any of
 * it is read, it checks the signed terms (signature, then expiry: 403), that the posted key and type
 * are the signed ones (403) and that the key holds no file yet (409: a key takes one file, ever). Then
 * it stores the file as it arrives, exactly the signed size (413 the moment it is larger, 400 if it
 * ends short), judged by its first bytes as its kind requires (400), under the signed key, and records
 * it as its kind records uploads. The file is never held whole.
 */
@CommandHandler(StorageUploadCommand)
export class StorageUploadHandler implements ICommandHandler<StorageUploadCommand, number> {
  constructor(
    @Inject(UploadKinds) private readonly kinds: UploadKinds,
    @Inject(FileUploads) private readonly uploads: FileUploads,
    @Inject(DirectUploadSigner) private readonly signer: DirectUploadSigner,
  ) {}

  /** Answers the position of the recorded upload. */
  async execute({ fields, file }: StorageUploadCommand): Promise<number> {
    const { policy, kind } = await this.accepted(fields);
    if (!file) throw fileError(NO_FILE_MESSAGE);
    const { head, content } = await leadingBytes(exactSize(file, policy.size), CONTENT_SAMPLE_BYTES);
    await kind.rule(policy.context).checkContent?.(head);
    const toKeep = { key: policy.key, content, name: policy.name, contentType: policy.content_type, createdAt: new Date(policy.created_at) };
    try {
      return (await this.uploads.keep(kind, policy.tenant, toKeep, policy.context)).position;
    } catch (error) {
      // Another post of the same fields got there first.
      if (error instanceof FileKeyTakenError) throw conflict(UPLOAD_USED_MESSAGE);
      throw error;
    }
  }

  private async accepted(fields: FormFields): Promise<AcceptedUpload> {
    const policy = this.signedPolicy(fields);
    const kind = this.kinds.named(policy.kind);
    // Only terms this server signed get here, so an unknown kind means terms of another version.
    if (!kind) throw forbidden(new DirectUploadRefusedError('signature').message);
    if (await this.uploads.isKept(policy.tenant, policy.key)) throw conflict(UPLOAD_USED_MESSAGE);
    return { policy, kind };
  }

  private signedPolicy(fields: FormFields): DirectUploadPolicy {
    let policy: DirectUploadPolicy;
    try {
      policy = this.signer.verify(fields.policy, fields.signature, new Date()) as unknown as DirectUploadPolicy;
    } catch (error) {
      if (error instanceof DirectUploadRefusedError) throw forbidden(error.message);
      throw error;
    }
    if (fields.key !== policy.key || fields.content_type !== policy.content_type) throw forbidden(FIELDS_CHANGED_MESSAGE);
    return policy;
  }
}
