import { Inject, Injectable, PayloadTooLargeException } from '@nestjs/common';
import { conflict, forbidden } from '@beacon/domain';
import { DirectUploadRefusedError, DirectUploadSigner, FileKeyTakenError } from '@beacon/platform';
import type { DirectUploadPolicy } from '../shared/uploads/direct-upload-terms';
import type { ReceivedFile } from '../shared/uploads/file-upload.interceptor';
import { FileUploads, requireFile } from '../shared/uploads/file-uploads';
import { UPLOAD_KINDS, type UploadKind } from '../shared/uploads/upload-kind';
import { fileError } from '../shared/uploads/upload-limits';

export const FIELDS_CHANGED_MESSAGE = 'The upload fields do not match their signature. Send them as the upload call answered them.';
export const UPLOAD_USED_MESSAGE = 'This upload has already been used. Ask for a new upload address to send another file.';

/**
 * The storage address's half of a direct upload: checks the signed terms (signature, then expiry:
 * 403), that the posted key and type are the signed ones (403), that the file is exactly the signed
 * size (413 larger, 400 otherwise) and what its kind takes, then stores it under the signed key,
 * which a second post finds taken (409), and records it as its kind records uploads.
 */
@Injectable()
export class StorageUploadHandler {
  constructor(
    @Inject(UPLOAD_KINDS) private readonly kinds: readonly UploadKind<unknown>[],
    @Inject(FileUploads) private readonly uploads: FileUploads,
    @Inject(DirectUploadSigner) private readonly signer: DirectUploadSigner,
  ) {}

  /** Answers the position of the recorded upload. */
  async execute(fields: Readonly<Record<string, unknown>>, file: ReceivedFile | undefined): Promise<number> {
    const policy = this.signedPolicy(fields);
    const kind = this.kinds.find((candidate) => candidate.name === policy.kind);
    // Only terms this server signed get here, so an unknown kind means terms of another version.
    if (!kind) throw forbidden(new DirectUploadRefusedError('signature').message);
    const received = requireFile(file);
    if (received.size > policy.size) {
      const message = `The file is too large: the upload was signed for a file of ${policy.size} bytes.`;
      throw new PayloadTooLargeException({ detail: message, file: [message] });
    }
    if (received.size !== policy.size) throw fileError(`The file is ${received.size} bytes, not the ${policy.size} bytes the upload was signed for.`);
    await kind.rule(policy.context).checkContent?.(received.buffer);
    const toKeep = { key: policy.key, bytes: received.buffer, name: policy.name, contentType: policy.content_type, createdAt: new Date(policy.created_at) };
    try {
      return (await this.uploads.keep(kind, policy.tenant, toKeep, policy.context)).position;
    } catch (error) {
      if (error instanceof FileKeyTakenError) throw conflict(UPLOAD_USED_MESSAGE);
      throw error;
    }
  }

  private signedPolicy(fields: Readonly<Record<string, unknown>>): DirectUploadPolicy {
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
