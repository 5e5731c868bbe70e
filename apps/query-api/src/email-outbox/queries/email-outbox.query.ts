import { Query } from '@nestjs/cqrs';
import type { EmailOutboxDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** The latest emails the embedded email channel recorded for the caller's organisation, newest first. */
export class EmailOutboxQuery extends Query<EmailOutboxDto> {
  constructor(readonly principal: Principal) {
    super();
  }
}
