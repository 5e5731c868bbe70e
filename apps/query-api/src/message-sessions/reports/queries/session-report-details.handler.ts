import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { SessionReportDetailsDto } from '@beacon/contracts';
import { reportDetailsDto } from '../report-dtos';
import { SessionReportReader } from '../session-report-reader';
import { SessionReportDetailsQuery } from './session-report-details.query';

@QueryHandler(SessionReportDetailsQuery)
export class SessionReportDetailsHandler implements IQueryHandler<SessionReportDetailsQuery, SessionReportDetailsDto> {
  constructor(@Inject(SessionReportReader) private readonly reader: SessionReportReader) {}

  async execute({ principal, sessionId }: SessionReportDetailsQuery): Promise<SessionReportDetailsDto> {
    return reportDetailsDto(await this.reader.open(principal, sessionId));
  }
}
