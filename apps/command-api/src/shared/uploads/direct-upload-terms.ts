import type { DirectUploadTerms } from '@beacon/file-storage';

/**
 * The terms a direct upload's `policy` carries, signed: the organisation and key it will be stored
 * under, the file it must be (name, type, exact size), when its fields stop working, and what to record
 * once it is stored (the upload kind and its context). The client cannot change any of it.
 */
export interface DirectUploadPolicy extends DirectUploadTerms {
  readonly tenant: string;
  readonly key: string;
  readonly name: string;
  readonly content_type: string;
  readonly size: number;
  readonly created_at: string;
  readonly kind: string;
  readonly context: unknown;
}
