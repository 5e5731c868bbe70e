import { Query } from '@nestjs/cqrs';
import type { ParkedEventListDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** The caller's organisation's parked events, newest first. */
export class ParkedEventsQuery extends Query<ParkedEventListDto> {
  constructor(readonly principal: Principal) {
    super();
  }
}
