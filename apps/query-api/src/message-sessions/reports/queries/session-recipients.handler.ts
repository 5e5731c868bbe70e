import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { NO_FILTER_RESULTS, SESSION_RECIPIENTS_DEFAULT_PAGE_SIZE, type SessionRecipientPageDto } from '@beacon/contracts';
import { recipientDto } from '../report-dtos';
import { SessionReportReader } from '../session-report-reader';
import { SessionRecipientsQuery } from './session-recipients.query';

@QueryHandler(SessionRecipientsQuery)
export class SessionRecipientsHandler implements IQueryHandler<SessionRecipientsQuery, SessionRecipientPageDto> {
  constructor(@Inject(SessionReportReader) private readonly reader: SessionReportReader) {}

  async execute({ principal, sessionId, query }: SessionRecipientsQuery): Promise<SessionRecipientPageDto> {
    const opened = await this.reader.open(principal, sessionId, 'detail');
    const { page = 1, page_size: size = SESSION_RECIPIENTS_DEFAULT_PAGE_SIZE, ...filters } = query;
    const { count, results } = await this.reader.page(principal, opened, filters, page, size);
    const filtered = Object.values(filters).some((value) => value !== undefined);
    return {
      count,
      next: page * size < count ? page + 1 : null,
      previous: page > 1 ? page - 1 : null,
      results: results.map((line) => recipientDto(line, opened.access.detail)),
      ...(filtered && count === 0 ? { message: NO_FILTER_RESULTS } : {}),
    };
  }
}
