import { Query } from '@nestjs/cqrs';
import type { StoredFile } from '@beacon/file-storage';
import type { Principal } from '@beacon/platform';

/** A message file (email, SMS or provider attachment, recording) of the caller's organisation, by its key. */
export class MessageFileQuery extends Query<StoredFile> {
  constructor(
    readonly principal: Principal,
    readonly key: string,
  ) {
    super();
  }
}
