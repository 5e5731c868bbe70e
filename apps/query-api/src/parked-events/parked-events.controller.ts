import { Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ROUTES, type ParkedEventListDto, type ParkedEventRetryDto } from '@beacon/contracts';
import { CurrentPrincipal, type Principal } from '@beacon/platform';
import { QueryController } from '../shared/query-controller.decorator';
import { ParkedEventsQuery } from './parked-events.query';
import { RetryParkedEventCommand } from './retry-parked-event.command';

/** The organisation's parked events (admin): list, and ask for a retry once the fault is fixed. */
@QueryController()
export class ParkedEventsController {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
  ) {}

  /** GET /api/parked_events/: newest first. */
  @Get(ROUTES.parkedEvents.path)
  list(@CurrentPrincipal() principal: Principal): Promise<ParkedEventListDto> {
    return this.queryBus.execute(new ParkedEventsQuery(principal));
  }

  /** POST /api/parked_events/{id}/retry/: 202, applied by the node running the read model. */
  @Post(ROUTES.retryParkedEvent.path)
  @HttpCode(202)
  retry(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ParkedEventRetryDto> {
    return this.commandBus.execute(new RetryParkedEventCommand(principal, id));
  }
}
