import { Get, Inject, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ROUTES, SendingListQuerySchema, type SendingListQuery, type SimulatedMessagePageDto, type SimulatorDto } from '@beacon/contracts';
import { CurrentPrincipal, type Principal, ZodQueryPipe } from '@beacon/platform';
import { QueryController } from '../shared/query-controller.decorator';
import { SimulatorOutboxQuery } from './queries/simulator-outbox.query';
import { SimulatedChannels } from './simulated-channels';

/** The channel simulator (admin): which channels it sends, and its outbox. */
@QueryController()
export class SimulatorController {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(SimulatedChannels) private readonly channels: SimulatedChannels,
  ) {}

  /** GET /api/simulator/: the channels it sends (the console links its outbox only when there are some). */
  @Get(ROUTES.simulator.path)
  simulator(): SimulatorDto {
    return this.channels.get();
  }

  /** GET /api/simulator/outbox/: what it recorded as sent for the organisation, newest first, paged. */
  @Get(ROUTES.simulatorOutbox.path)
  outbox(@CurrentPrincipal() principal: Principal, @Query(new ZodQueryPipe(SendingListQuerySchema)) query: SendingListQuery): Promise<SimulatedMessagePageDto> {
    return this.queryBus.execute(new SimulatorOutboxQuery(principal, query));
  }
}
