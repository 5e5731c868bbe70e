import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { SessionRecipientIdsDto } from '@beacon/contracts';
import { SessionReportReader } from '../session-report-reader';
import { SessionRecipientIdsQuery } from './session-recipient-ids.query';

@QueryHandler(SessionRecipientIdsQuery)
export class SessionRecipientIdsHandler implements IQueryHandler<SessionRecipientIdsQuery, SessionRecipientIdsDto> {
  constructor(@Inject(SessionReportReader) private readonly reader: SessionReportReader) {}

  async execute({ principal, sessionId, filters }: SessionRecipientIdsQuery): Promise<SessionRecipientIdsDto> {
    const opened = await this.reader.open(principal, sessionId, 'detail');
    const ids: string[] = [];
    for await (const line of this.reader.walk(principal, opened, filters, { recipient_id: 1 })) ids.push(line.recipient_id);
    return { count: ids.length, ids };
  }
}
