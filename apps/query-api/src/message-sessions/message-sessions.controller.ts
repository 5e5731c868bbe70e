import { Get, Inject, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ROUTES, type RunResultDto } from '@beacon/contracts';
import { CurrentPrincipal, type Principal } from '@beacon/platform';
import { QueryController } from '../shared/query-controller.decorator';
import { RunResultQuery } from './queries/run-result.query';

/** What became of a send (spec part 2 §7 "Scenarios and sending"). */
@QueryController()
export class MessageSessionsController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(ROUTES.runResult.path)
  runResult(@CurrentPrincipal() principal: Principal, @Param('id') taskId: string): Promise<RunResultDto> {
    return this.queryBus.execute(new RunResultQuery(principal, taskId));
  }
}
