import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { SessionAggregateDto } from '@beacon/contracts';
import { aggregateDto } from '../report-dtos';
import { SessionReportReader } from '../session-report-reader';
import { SessionRecipientsAggregateQuery } from './session-recipients-aggregate.query';

/** One read of the session's report document, whatever the session's size. */
@QueryHandler(SessionRecipientsAggregateQuery)
export class SessionRecipientsAggregateHandler implements IQueryHandler<SessionRecipientsAggregateQuery, SessionAggregateDto> {
  constructor(@Inject(SessionReportReader) private readonly reader: SessionReportReader) {}

  async execute({ principal, sessionId, by }: SessionRecipientsAggregateQuery): Promise<SessionAggregateDto> {
    return aggregateDto((await this.reader.open(principal, sessionId)).report, by);
  }
}
