import { Body, HttpCode, Inject, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { RecipientsCountRequestSchema, ROUTES, type RecipientsCountAnswerDto, type RecipientsCountRequest } from '@beacon/contracts';
import { CurrentPrincipal, type Principal, ZodBodyPipe } from '@beacon/platform';
import { QueryController } from '../shared/query-controller.decorator';
import { RecipientsCountQuery } from './queries/recipients-count.query';

/** The message builder's recipient count (spec part 2 §7 "Scenarios and sending"): a POST that only reads. */
@QueryController()
export class RecipientsController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Post(ROUTES.recipientsCount.path)
  @HttpCode(200)
  count(@CurrentPrincipal() principal: Principal, @Body(new ZodBodyPipe(RecipientsCountRequestSchema)) request: RecipientsCountRequest): Promise<RecipientsCountAnswerDto> {
    return this.queryBus.execute(new RecipientsCountQuery(principal, request, Date.now()));
  }
}
