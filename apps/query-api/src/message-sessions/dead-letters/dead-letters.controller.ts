import { Get, Inject, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ROUTES, SendingListQuerySchema, type DeadLetterPageDto, type SendingListQuery } from '@beacon/contracts';
import { CurrentPrincipal, type Principal, ZodQueryPipe } from '@beacon/platform';
import { QueryController } from '../../shared/query-controller.decorator';
import { DeadLettersQuery } from './queries/dead-letters.query';

/** GET /api/dead_letters/ (admin): the organisation's dead letters, newest first, paged. */
@QueryController()
export class DeadLettersController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(ROUTES.deadLetters.path)
  list(@CurrentPrincipal() principal: Principal, @Query(new ZodQueryPipe(SendingListQuerySchema)) query: SendingListQuery): Promise<DeadLetterPageDto> {
    return this.queryBus.execute(new DeadLettersQuery(principal, query));
  }
}
