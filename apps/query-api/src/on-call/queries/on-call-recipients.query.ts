import { Query } from '@nestjs/cqrs';
import type { OnCallRecipientsDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** The users of a customer group (and, with `all`, its descendants) on call at an instant. */
export class OnCallRecipientsQuery extends Query<OnCallRecipientsDto> {
  constructor(
    readonly principal: Principal,
    readonly customerGroupId: string,
    readonly at: number,
    readonly all: boolean,
  ) {
    super();
  }
}
