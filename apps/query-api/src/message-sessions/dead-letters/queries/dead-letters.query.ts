import { Query } from '@nestjs/cqrs';
import type { DeadLetterPageDto, SendingListQuery } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** A page of the caller's organisation's dead letters, newest first. */
export class DeadLettersQuery extends Query<DeadLetterPageDto> {
  constructor(
    readonly principal: Principal,
    readonly query: SendingListQuery,
  ) {
    super();
  }
}
