import { Command } from '@nestjs/cqrs';
import type { ParkedEventRetryDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** Ask for a parked event of the caller's organisation to be applied again, once its fault is fixed. */
export class RetryParkedEventCommand extends Command<ParkedEventRetryDto> {
  constructor(
    readonly principal: Principal,
    readonly parkedEventId: string,
  ) {
    super();
  }
}
