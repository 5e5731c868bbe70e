import { Query } from '@nestjs/cqrs';
import type { EmailSuppressionDto } from '@beacon/contracts';
import type { Principal } from '@beacon/platform';

/** Whether email to a user's address is suppressed (EmailSuppressionHandler has the rules). */
export class EmailSuppressionQuery extends Query<EmailSuppressionDto> {
  constructor(
    readonly principal: Principal,
    readonly userId: string,
  ) {
    super();
  }
}
