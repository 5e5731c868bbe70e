import { Query } from '@nestjs/cqrs';
import type { SendingListQuery, SimulatedMessagePageDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** A page of what the simulator recorded as sent for the caller's organisation, newest first. */
export class SimulatorOutboxQuery extends Query<SimulatedMessagePageDto> {
  constructor(
    readonly principal: Principal,
    readonly query: SendingListQuery,
  ) {
    super();
  }
}
