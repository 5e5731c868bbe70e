import { Query } from '@nestjs/cqrs';
import type { StoredFile } from '@beacon/file-storage';
import type { Principal } from '@beacon/platform';

/** An uploaded incident attachment of the caller's organisation, by its key. */
export class IncidentAttachmentQuery extends Query<StoredFile> {
  constructor(
    readonly principal: Principal,
    readonly key: string,
  ) {
    super();
  }
}
