import { Get, Inject, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ROUTES, type EmailSuppressionDto } from '@beacon/contracts';
import { CurrentPrincipal, type Principal } from '@beacon/platform';
import { QueryController } from '../shared/query-controller.decorator';
import { EmailSuppressionQuery } from './queries/email-suppression.query';

/** The reads of account emails: the email suppression list (the outbox is EmailOutboxController's). */
@QueryController()
export class AccountEmailController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  /** GET /api/mailgun_suppression/{id}/ (spec part 2 §7): a user's id, answered for the address they have now. */
  @Get(ROUTES.emailSuppression.path)
  emailSuppression(@CurrentPrincipal() principal: Principal, @Param('id') userId: string): Promise<EmailSuppressionDto> {
    return this.queryBus.execute(new EmailSuppressionQuery(principal, userId));
  }
}
