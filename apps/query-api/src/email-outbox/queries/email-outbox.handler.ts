import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { EMAIL_OUTBOX_COLLECTION, type EmailOutboxDto, type OutboxEmailDto } from '@beacon/contracts';
import { READ_STORE } from '@beacon/platform';
import type { Document, ReadStore } from '@beacon/read-store';
import { EmailOutboxQuery } from './email-outbox.query';

/** Entries recorded before statuses were kept have none: they were sent. */
type OutboxEmailDocument = Document & Omit<OutboxEmailDto, 'id' | 'status' | 'failure'> & Partial<Pick<OutboxEmailDto, 'status' | 'failure'>>;

const PAGE = 100;

/** GET /api/email_outbox/ (admin): the last 100. */
@QueryHandler(EmailOutboxQuery)
export class EmailOutboxHandler implements IQueryHandler<EmailOutboxQuery, EmailOutboxDto> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ principal }: EmailOutboxQuery): Promise<EmailOutboxDto> {
    const emails = await this.readStore
      .scope(principal.rootId)
      .collection<OutboxEmailDocument>(EMAIL_OUTBOX_COLLECTION)
      .find({}, { sort: { created_at: -1 }, limit: PAGE });
    return {
      results: emails.map(({ _id, kind, to, subject, text, created_at, status, failure }) => ({
        id: _id,
        kind,
        to,
        subject,
        text,
        created_at,
        status: status ?? 'sent',
        failure: failure ?? null,
      })),
    };
  }
}
