import { Query } from '@nestjs/cqrs';
import type { Principal, StoredFile } from '@beacon/platform';

/** An uploaded incident attachment of the caller's organisation, by its key. */
export class IncidentAttachmentQuery extends Query<StoredFile> {
  constructor(
    readonly principal: Principal,
    readonly key: string,
  ) {
    super();
  }
}
