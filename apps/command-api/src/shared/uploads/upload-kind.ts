import type { StoredFileMetadata } from '@beacon/file-storage';

/** What a file must be to be taken for one use. */
export interface UploadRule {
  /** Largest file taken (413 past it); at most MAX_UPLOAD_BYTES. */
  readonly maxBytes: number;
  /** Refuses (400) a content type this use does not take, before a direct upload sends any byte. */
  checkDeclaredType?(contentType: string): void;
  /**
   * Refuses (400) content this use does not take, by its leading bytes (at least CONTENT_SAMPLE_BYTES
   * of them, or all of a shorter file); answers the content type the bytes have.
   */
  checkContent?(head: Buffer): Promise<string>;
}

/**
 * How many leading bytes tell a file's type by its magic numbers (file-type's own sample size): a
 * streamed upload is checked by these before the rest is stored, so it is never held whole.
 */
export const CONTENT_SAMPLE_BYTES = 4100;

/** An upload that was stored, to be recorded. */
export interface StoredUpload<TContext> {
  readonly tenantId: string;
  readonly stored: StoredFileMetadata;
  /** Who uploaded it and what for; JSON, as a direct upload carries it in its signed terms. */
  readonly context: TContext;
  readonly acceptedAt: Date;
}

/**
 * One kind of upload (incident attachments, message files): what it takes, where its files are
 * downloaded, and how an upload is recorded. Direct uploads name their kind in their signed terms,
 * so the storage address can finish any of them.
 */
export interface UploadKind<TContext> {
  readonly name: string;
  rule(context: TContext): UploadRule;
  downloadUrl(key: string): string;
  /** Records the upload; answers the position of the recorded event. */
  record(upload: StoredUpload<TContext>): Promise<number>;
}
