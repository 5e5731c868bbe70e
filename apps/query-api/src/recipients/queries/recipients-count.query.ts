import { Query } from '@nestjs/cqrs';
import type { RecipientsCountAnswerDto, RecipientsCountRequest } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** POST /api/scenario/get_recipients_count/: who a message's recipient criteria reach now (`at`), and by which devices. */
export class RecipientsCountQuery extends Query<RecipientsCountAnswerDto> {
  constructor(
    readonly principal: Principal,
    readonly request: RecipientsCountRequest,
    readonly at: number,
  ) {
    super();
  }
}
