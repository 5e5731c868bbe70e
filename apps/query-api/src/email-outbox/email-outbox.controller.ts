import { Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ROUTES, type EmailOutboxDto } from '@beacon/contracts';
import { CurrentPrincipal, type Principal } from '@beacon/platform';
import { EmailOutboxQuery } from './queries/email-outbox.query';
import { QueryController } from '../shared/query-controller.decorator';

/** GET /api/email_outbox/ (admin): what the embedded email channel recorded for the tenant, newest first. */
@QueryController()
export class EmailOutboxController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(ROUTES.emailOutbox.path)
  list(@CurrentPrincipal() principal: Principal): Promise<EmailOutboxDto> {
    return this.queryBus.execute(new EmailOutboxQuery(principal));
  }
}
